package payments.core.account;

import static payments.core.validation.Types.country;
import static payments.core.validation.Types.date;
import static payments.core.validation.Types.email;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.phone;
import static payments.core.validation.Types.string;
import static payments.core.validation.Types.variants;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import payments.core.crypto.Vasps;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidFields;
import payments.core.money.Currencies;
import payments.core.money.Currency;
import payments.core.validation.Fields;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;

/**
 * The {@code accountInfo} of an external account create request (reference/accounts.md, "accountInfo variants"),
 * one variant per {@code accountType}, plus what the table says around it: the rules beyond the table
 * ({@link #checkRules}), the sandbox identifier ({@link #primaryIdentifier}), the response {@code paymentRails}
 * ({@link #paymentRails}), whether money can be pulled from it ({@link #pullCapable}) and the currencies a type may
 * carry ({@link #currenciesFor}).
 */
public final class AccountInfoSchemas {
    /** Response-only alias of {@code LIGHTNING}, also accepted on create. */
    public static final String LIGHTNING_ALIAS = "LIGHTNING_ACCOUNT";

    private static final String PREFIX = "accountInfo.";
    private static final Set<String> CRYPTO = Set.of("BTC", "USDC", "USDT", "SBUSD");

    // ---- Beneficiaries (reference: Beneficiary, BusinessBeneficiary, WalletIndividualBeneficiary) ----

    private static final ObjectSchema INDIVIDUAL = ObjectSchema.of()
            .required("beneficiaryType", oneOf("INDIVIDUAL"))
            .required("fullName", string(1, 255))
            .required("address", CustomerSchemas.ADDRESS)
            .optional("birthDate", date())
            .optional("nationality", country())
            .optional("countryOfResidence", country())
            .optional("email", email())
            .optional("phoneNumber", phone());

    private static final ObjectSchema BUSINESS = ObjectSchema.of()
            .required("beneficiaryType", oneOf("BUSINESS"))
            .required("legalName", string(1, 255))
            .optional("registrationNumber", string(1, 64))
            .optional("taxId", string(1, 64))
            .optional("email", email())
            .optional("phoneNumber", phone())
            .optional("countryOfResidence", country())
            .optional("address", CustomerSchemas.ADDRESS);

    private static final ObjectSchema WALLET_INDIVIDUAL = ObjectSchema.of()
            .required("beneficiaryType", oneOf("INDIVIDUAL"))
            .required("fullName", string(1, 255))
            .required("countryOfResidence", country());

    private static final JsonType WALLET_BENEFICIARY = beneficiary(WALLET_INDIVIDUAL);

    /** The per-currency individual beneficiary: the shared one plus the currency's extras. */
    private static ObjectSchema individualFor(String currency) {
        ObjectSchema s = INDIVIDUAL.extend();
        switch (currency) {
            case "EUR" -> s.required("countryOfResidence", country());
            case "GTQ" -> s.required("countryOfResidence", country()).required("phoneNumber", phone());
            case "JMD" -> s.required("phoneNumber", phone());
            case "CAD" -> s.optional("registrationNumber", string(1, 64));
            case "COP" -> s.optional("documentType", oneOf("CC", "CE", "TI", "NIT", "PP"))
                    .optional("documentNumber", string(1, 50));
            default -> {
            }
        }
        return s;
    }

    private static JsonType beneficiary(ObjectSchema individual) {
        Map<String, ObjectSchema> kinds = new LinkedHashMap<>();
        kinds.put("INDIVIDUAL", individual);
        kinds.put("BUSINESS", BUSINESS);
        return variants("beneficiaryType", kinds);
    }

    // ---- Shared field formats (reference: "Shared field formats"); a row names a field or overrides its rules ----

    private static final String IBAN = "^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$";
    private static final String SWIFT = "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$";
    private static final String PHONE = "^\\+[0-9]{6,14}$";
    private static final String NINE_DIGITS = "^[0-9]{9}$";

    private static final Map<String, JsonType> SHARED = new LinkedHashMap<>();

    static {
        SHARED.put("iban", pattern(IBAN, 15, 34));
        SHARED.put("swiftCode", pattern(SWIFT, 8, 11));
        SHARED.put("accountNumber", string(1, 34));
        SHARED.put("bankName", string(1, 255));
        SHARED.put("branchCode", pattern("^[0-9]{5}$", 5, 5));
        SHARED.put("phoneNumber", pattern(PHONE, 7, 15));
        SHARED.put("pixKey", string(1, 77));
        SHARED.put("pixKeyType", oneOf("CPF", "CNPJ", "EMAIL", "PHONE", "RANDOM"));
        SHARED.put("taxId", pattern("^[0-9]{11,14}$", 11, 14));
        SHARED.put("provider", string(1, 255));
        SHARED.put("bankCode", pattern("^[0-9]{3}$", 3, 3));
        SHARED.put("bankAccountType", oneOf("CHECKING", "SAVINGS"));
        SHARED.put("sortCode", pattern("^[0-9]{6}$", 6, 6));
        SHARED.put("vpa", pattern("^[a-zA-Z0-9.\\-_]+@[a-zA-Z0-9]+$", 3, 255));
        SHARED.put("ifsc", pattern("^[A-Z]{4}0[A-Z0-9]{6}$", 11, 11));
        SHARED.put("rail", string(1, 32));
        SHARED.put("clabeNumber", pattern("^[0-9]{18}$", 18, 18));
        SHARED.put("routingNumber", pattern(NINE_DIGITS, 9, 9));
        SHARED.put("intermediaryBankName", string(1, 140));
        SHARED.put("intermediaryRoutingNumber", pattern(NINE_DIGITS, 9, 9));
        SHARED.put("fiToFiInformation", string(0, 210));
        SHARED.put("country", country());
        // The reference gives no limits for these; bounded here so nothing unbounded enters.
        SHARED.put("address", string(1, 255));
        // One source with GET /vasps: a custodian is named as that list names it.
        SHARED.put("vaspName", oneOf(Vasps.names()));
        // 2048, not more: the whole identifier is a key of the identity index, whose entries PostgreSQL bounds.
        SHARED.put("invoice", string(1, 2048));
        SHARED.put("bolt12", string(1, 2048));
        SHARED.put("lightningAddress", email());
    }

    /** One cell of the table: fields added to a variant, required or optional. */
    private interface Cell extends Consumer<ObjectSchema> {
    }

    /** Required fields in their shared format. */
    private static Cell req(String... names) {
        return s -> {
            for (String n : names) {
                s.required(n, shared(n));
            }
        };
    }

    /** A required field with the row's overriding rules. */
    private static Cell req(String name, JsonType override) {
        return s -> s.required(name, override);
    }

    /** Optional fields in their shared format. */
    private static Cell opt(String... names) {
        return s -> {
            for (String n : names) {
                s.optional(n, shared(n));
            }
        };
    }

    /** An optional field with the row's overriding rules. */
    private static Cell opt(String name, JsonType override) {
        return s -> s.optional(name, override);
    }

    private static JsonType shared(String name) {
        JsonType t = SHARED.get(name);
        if (t == null) {
            throw new IllegalStateException("no shared format for " + name);
        }
        return t;
    }

    /** {@code region}: values per variant, two capital letters. */
    private static JsonType region(String... values) {
        return oneOf(values);
    }

    // ---- The table (reference: one row per accountType) ----

    private static final Map<String, ObjectSchema> VARIANTS = new LinkedHashMap<>();
    private static final Map<String, List<String>> RAILS = new LinkedHashMap<>();

    private static List<String> rails(String... rails) {
        return List.of(rails);
    }

    /** A fiat row: its cells plus the required per-currency beneficiary. */
    private static void fiat(String type, List<String> rails, Cell... cells) {
        String currency = type.substring(0, type.indexOf('_'));
        row(type, rails, cells).required("beneficiary", beneficiary(individualFor(currency)));
    }

    /** A crypto wallet row: a required address, an optional custodian and an optional beneficiary. */
    private static void wallet(String type) {
        row(type, List.of(), req("address"), opt("vaspName")).optional("beneficiary", WALLET_BENEFICIARY);
    }

    private static ObjectSchema row(String type, List<String> rails, Cell... cells) {
        ObjectSchema s = ObjectSchema.of().required("accountType", oneOf(type));
        for (Cell c : cells) {
            c.accept(s);
        }
        VARIANTS.put(type, s);
        RAILS.put(type, rails);
        return s;
    }

    static {
        List<String> bank = rails("BANK_TRANSFER");
        List<String> bankOrMobile = rails("BANK_TRANSFER", "MOBILE_MONEY");
        List<String> mobile = rails("MOBILE_MONEY");
        List<String> sepa = rails("SEPA", "SEPA_INSTANT");

        fiat("AED_ACCOUNT", bank, req("iban", pattern("^AE[0-9]{21}$", 23, 23)), opt("swiftCode"));
        fiat("BDT_ACCOUNT", bankOrMobile, req("bankName"),
                opt("accountNumber", "branchCode", "swiftCode", "phoneNumber"));
        fiat("BRL_ACCOUNT", rails("PIX"), req("pixKey", "pixKeyType", "taxId"));
        fiat("BWP_ACCOUNT", mobile, req("phoneNumber", "provider"));
        fiat("CAD_ACCOUNT", bank, req("bankCode", "branchCode"),
                req("accountNumber", pattern("^[0-9]{7,12}$", 7, 12)));
        fiat("CNY_ACCOUNT", bankOrMobile, req("bankName"), opt("accountNumber", "phoneNumber"));
        fiat("COP_ACCOUNT", bankOrMobile, req("bankName"), opt("accountNumber", "bankAccountType", "phoneNumber"));
        fiat("DKK_ACCOUNT", sepa, req("iban", pattern("^DK[0-9]{16}$", 18, 18)), opt("swiftCode"));
        fiat("EGP_ACCOUNT", bankOrMobile, req("bankName"), opt("iban", pattern("^EG[0-9]{27}$", 29, 29)),
                opt("phoneNumber"));
        fiat("EUR_ACCOUNT", sepa, req("iban"), opt("swiftCode"));
        fiat("GBP_ACCOUNT", rails("FASTER_PAYMENTS"), req("sortCode"),
                req("accountNumber", pattern("^[0-9]{8}$", 8, 8)));
        fiat("GHS_ACCOUNT", bankOrMobile, req("bankName"), opt("accountNumber", "phoneNumber"));
        fiat("GTQ_ACCOUNT", bank, req("accountNumber", "bankAccountType", "bankName"));
        fiat("HKD_ACCOUNT", bank, req("bankName", "accountNumber", "swiftCode"));
        fiat("HTG_ACCOUNT", mobile, req("phoneNumber"));
        fiat("IDR_ACCOUNT", bank, req("bankName", "accountNumber", "swiftCode"),
                req("phoneNumber", pattern("^\\+62[0-9]{9,12}$", 7, 15)));
        fiat("INR_ACCOUNT", rails("UPI", "NEFT", "RTGS"), opt("vpa"),
                opt("accountNumber", pattern("^[0-9]{9,18}$", 9, 18)), opt("ifsc", "rail", "bankName"));
        fiat("JMD_ACCOUNT", bank, req("accountNumber", "branchCode", "bankAccountType", "bankName"));
        fiat("KES_ACCOUNT", mobile, req("phoneNumber", pattern("^\\+254[0-9]{9}$", 7, 15)), req("provider"));
        fiat("MWK_ACCOUNT", mobile, req("phoneNumber", "provider"));
        fiat("MXN_ACCOUNT", rails("SPEI"), req("clabeNumber"));
        fiat("MYR_ACCOUNT", bank, req("bankName", "accountNumber", "swiftCode"));
        fiat("NGN_ACCOUNT", bank, req("accountNumber", pattern("^[0-9]{10}$", 10, 10)), req("bankName"));
        fiat("PHP_ACCOUNT", bank, req("bankName"), req("accountNumber", pattern("^[0-9]{8,16}$", 8, 16)));
        fiat("PKR_ACCOUNT", bankOrMobile, req("bankName"), opt("accountNumber"),
                opt("iban", pattern("^PK[0-9]{2}[A-Z]{4}[0-9]{16}$", 24, 24)), opt("phoneNumber"));
        fiat("RWF_ACCOUNT", mobile, req("phoneNumber", pattern("^\\+250[0-9]{9}$", 7, 15)), req("provider"));
        fiat("SGD_ACCOUNT", rails("PAYNOW", "FAST", "BANK_TRANSFER"), req("accountNumber", "swiftCode"),
                opt("bankName"));
        fiat("SLV_ACCOUNT", bankOrMobile, opt("bankName", "accountNumber", "bankAccountType", "phoneNumber"));
        fiat("THB_ACCOUNT", bank, req("bankName", "accountNumber", "swiftCode"));
        fiat("TZS_ACCOUNT", mobile, req("phoneNumber", pattern("^\\+255[0-9]{9}$", 7, 15)), req("provider"));
        fiat("UGX_ACCOUNT", mobile, req("phoneNumber", "provider"));
        // platformAccountId: the spec (which wins) lists it among USD accountInfo fields.
        fiat("USD_ACCOUNT", rails("ACH", "WIRE", "RTP", "FEDNOW"), req("accountNumber", "routingNumber"),
                opt("bankName", string(1, 140)),
                opt("bankAccountType", "intermediaryBankName", "intermediaryRoutingNumber", "fiToFiInformation"),
                opt("platformAccountId", string(1, 255)));
        fiat("VND_ACCOUNT", bank, req("bankName", "accountNumber", "swiftCode"));
        fiat("XAF_ACCOUNT", mobile, req("phoneNumber", "provider"), req("region", region("CM", "CG")));
        fiat("XOF_ACCOUNT", mobile, req("phoneNumber", "provider"), req("region", region("BJ", "CI", "SN", "TG")));
        fiat("ZAR_ACCOUNT", bank, req("accountNumber", pattern("^[0-9]{9,13}$", 9, 13)), req("bankName"));
        fiat("ZMW_ACCOUNT", mobile, req("phoneNumber", pattern("^\\+260[0-9]{9}$", 7, 15)), req("provider"));
        fiat("SWIFT_ACCOUNT", rails("SWIFT"), req("country", "swiftCode", "bankName"), opt("accountNumber", "iban"));

        wallet("BASE_WALLET");
        wallet("ETHEREUM_WALLET");
        row("LIGHTNING", List.of(), opt("invoice", "bolt12", "lightningAddress"));
        wallet("POLYGON_WALLET");
        wallet("SOLANA_WALLET");
        wallet("SPARK_WALLET");
        wallet("TRON_WALLET");
        row(LIGHTNING_ALIAS, List.of(), opt("invoice", "bolt12", "lightningAddress"));
    }

    /** {@code accountInfo} of a create request, chosen by {@code accountType}. */
    public static final JsonType CREATE = variants("accountType", Collections.unmodifiableMap(VARIANTS));

    // ---- Rules beyond the table ----

    /** Alternatives of which at least one must be given; the error names the first. */
    private static final Map<String, List<String>> ONE_OF_REQUIRED = Map.of(
            "SLV_ACCOUNT", List.of("accountNumber", "phoneNumber"),
            "SWIFT_ACCOUNT", List.of("accountNumber", "iban"),
            "INR_ACCOUNT", List.of("vpa", "accountNumber"),
            "BDT_ACCOUNT", List.of("accountNumber", "phoneNumber"),
            "CNY_ACCOUNT", List.of("accountNumber", "phoneNumber"),
            "COP_ACCOUNT", List.of("accountNumber", "phoneNumber"),
            "GHS_ACCOUNT", List.of("accountNumber", "phoneNumber"),
            "EGP_ACCOUNT", List.of("iban", "phoneNumber"),
            "PKR_ACCOUNT", List.of("accountNumber", "iban", "phoneNumber"));

    private static final List<String> LIGHTNING_TARGETS = List.of("invoice", "bolt12", "lightningAddress");

    /**
     * The rules of the reference that one variant's schema cannot say, run on an {@code accountInfo} that
     * {@link #CREATE} accepted. Throws {@code InvalidInput} naming {@code accountInfo.<field>}.
     */
    public static void checkRules(Fields accountInfo) {
        String type = canonicalType(accountInfo.string("accountType").orElse(""));
        if (type.equals("LIGHTNING")) {
            List<String> given = LIGHTNING_TARGETS.stream().filter(accountInfo::has).toList();
            if (given.isEmpty()) {
                throw InvalidFields.of(PREFIX + "invoice",
                        "exactly one of invoice, bolt12, lightningAddress is required");
            }
            if (given.size() > 1) {
                throw InvalidFields.of(PREFIX + given.get(1),
                        "only one of invoice, bolt12, lightningAddress may be given");
            }
            return;
        }
        List<String> alternatives = ONE_OF_REQUIRED.get(type);
        if (alternatives != null && alternatives.stream().noneMatch(accountInfo::has)) {
            throw InvalidFields.of(PREFIX + alternatives.get(0),
                    "one of " + String.join(", ", alternatives) + " is required");
        }
        if (type.equals("INR_ACCOUNT") && accountInfo.has("accountNumber") && !accountInfo.has("ifsc")) {
            throw InvalidFields.of(PREFIX + "ifsc", "is required with accountNumber");
        }
    }

    // ---- Derived facts ----

    private static final List<String> IDENTIFIERS = List.of("accountNumber", "iban", "clabeNumber", "pixKey", "vpa",
            "phoneNumber", "address", "lightningAddress", "invoice", "bolt12");

    /**
     * The fields naming the institution an account number is at: the same number at two banks is two accounts. (An
     * IBAN or a CLABE names its bank itself.)
     */
    private static final List<String> BANK_CODES = List.of("routingNumber", "sortCode", "bankCode", "branchCode",
            "ifsc", "swiftCode");

    /**
     * What identifies the account (with its owner, type and currency): the first present of account number, IBAN,
     * CLABE, PIX key, VPA, phone number, wallet address, lightning address, invoice, BOLT12 offer, whole; an
     * account number after {@code <bank code>/} where the type names the institution. Its last three characters, or
     * those of its user part for an email-style value, select sandbox outcomes. Null when none is present.
     */
    public static String primaryIdentifier(Fields accountInfo) {
        String bank = BANK_CODES.stream().map(name -> accountInfo.string(name).orElse(null))
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        for (String name : IDENTIFIERS) {
            String value = accountInfo.string(name).orElse(null);
            if (value != null) {
                return bank == null || !name.equals("accountNumber") ? value : bank + "/" + value;
            }
        }
        return null;
    }

    /** The response {@code paymentRails} items of a type; empty for wallets, Lightning and unknown types. */
    public static List<String> paymentRails(String accountType) {
        return RAILS.getOrDefault(canonicalType(accountType), List.of());
    }

    /** The rails money can be pulled (debited) over from the account holder's side; ACH is the one the spec names. */
    private static final Set<String> PULL_RAILS = Set.of("ACH");

    /**
     * Whether money can be pulled from an account of this type (reference: transfer-in and quote sources need "pull
     * capability (e.g. ACH pull)"): one of its rails is a debit scheme. Wallets, Lightning and push-only bank rails
     * are funded through the internal account's payment instructions instead.
     */
    public static boolean pullCapable(String accountType) {
        return paymentRails(accountType).stream().anyMatch(PULL_RAILS::contains);
    }

    /**
     * The account type of an address that takes {@code currency} on {@code cryptoNetwork} (where a real-time-funded
     * quote is paid): {@code <NETWORK>_WALLET}, or {@code LIGHTNING}; null when that network does not carry the
     * currency here (BITCOIN and PLASMA have no account type).
     */
    public static String depositTypeOn(String cryptoNetwork, String currency) {
        String type = cryptoNetwork.equals("LIGHTNING") ? "LIGHTNING" : cryptoNetwork + "_WALLET";
        return currenciesFor(type).contains(currency) ? type : null;
    }

    /**
     * The rule an external account of {@code accountType} checks its address with ({@code address} of a wallet; for
     * Lightning, whichever of {@code invoice}, {@code bolt12} and {@code lightningAddress} the value is), so that an
     * address given elsewhere (a withdrawal's destination) is judged as that account would judge it; null for a type
     * with no address.
     */
    public static JsonType addressRule(String accountType) {
        String type = canonicalType(accountType);
        ObjectSchema variant = VARIANTS.get(type);
        if (variant == null) {
            return null;
        }
        if (!type.equals("LIGHTNING")) {
            return variant.type("address");
        }
        List<JsonType> forms = LIGHTNING_TARGETS.stream().map(variant::type).toList();
        return JsonType.described(forms.get(0).schema(), (value, path, errors) -> {
            for (JsonType form : forms) {
                Object accepted = form.check(value, path, new ArrayList<>());
                if (accepted != null) {
                    return accepted;
                }
            }
            return forms.get(0).check(value, path, errors);
        });
    }

    /**
     * The currency codes an external account of this type may have (only codes {@link Currencies} knows); empty
     * for an unknown type.
     */
    public static Set<String> currenciesFor(String accountType) {
        String type = canonicalType(accountType);
        if (!VARIANTS.containsKey(type)) {
            return Set.of();
        }
        Set<String> codes = new LinkedHashSet<>();
        switch (type) {
            case "SLV_ACCOUNT" -> codes.add("USD");
            case "SWIFT_ACCOUNT" -> Currencies.all().stream().map(Currency::code)
                    .filter(c -> !CRYPTO.contains(c)).forEach(codes::add);
            case "BASE_WALLET", "ETHEREUM_WALLET", "POLYGON_WALLET", "SOLANA_WALLET", "TRON_WALLET" -> {
                codes.add("USDC");
                codes.add("USDT");
            }
            case "SPARK_WALLET" -> {
                codes.add("BTC");
                codes.add("USDC");
            }
            case "LIGHTNING" -> codes.add("BTC");
            default -> codes.add(type.substring(0, type.indexOf('_')));
        }
        codes.removeIf(c -> Currencies.find(c).isEmpty());
        return Collections.unmodifiableSet(codes);
    }

    /** {@code LIGHTNING_ACCOUNT} → {@code LIGHTNING}; any other type unchanged. */
    public static String canonicalType(String accountType) {
        return LIGHTNING_ALIAS.equals(accountType) ? "LIGHTNING" : accountType;
    }

    private AccountInfoSchemas() {
    }
}
