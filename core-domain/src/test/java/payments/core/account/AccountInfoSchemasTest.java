package payments.core.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import payments.core.crypto.Vasps;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.money.Currency;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;

class AccountInfoSchemasTest {

    // ---- A valid body of every variant (reference/accounts.md, one row per accountType) ----

    /** One row of the reference table: expected rails and a valid body split into required and optional fields. */
    record Row(String type, List<String> rails, Map<String, Object> required, Map<String, Object> optional) {
        Map<String, Object> body() {
            Map<String, Object> b = new LinkedHashMap<>(required);
            b.putAll(optional);
            return b;
        }

        Map<String, Object> requiredOnly() {
            return new LinkedHashMap<>(required);
        }

        boolean isFiat() {
            return type.endsWith("_ACCOUNT") && !type.equals(AccountInfoSchemas.LIGHTNING_ALIAS);
        }

        @Override
        public String toString() {
            return type;
        }
    }

    private static final List<String> BANK = List.of("BANK_TRANSFER");
    private static final List<String> BANK_OR_MOBILE = List.of("BANK_TRANSFER", "MOBILE_MONEY");
    private static final List<String> MOBILE = List.of("MOBILE_MONEY");
    private static final List<String> SEPA = List.of("SEPA", "SEPA_INSTANT");

    static final List<Row> ROWS = List.of(
            fiat("AED_ACCOUNT", BANK, m("iban", "AE070331234567890123456"), m("swiftCode", "BOMLAEAD")),
            fiat("BDT_ACCOUNT", BANK_OR_MOBILE, m("bankName", "Sonali Bank"),
                    m("accountNumber", "1234567890", "branchCode", "12345", "swiftCode", "BSONBDDH",
                            "phoneNumber", "+8801712345678")),
            fiat("BRL_ACCOUNT", List.of("PIX"), m("pixKey", "12345678901", "pixKeyType", "CPF",
                    "taxId", "12345678901"), m()),
            fiat("BWP_ACCOUNT", MOBILE, m("phoneNumber", "+26771234567", "provider", "Orange"), m()),
            fiat("CAD_ACCOUNT", BANK, m("bankCode", "001", "branchCode", "00011", "accountNumber", "1234567"), m()),
            fiat("CNY_ACCOUNT", BANK_OR_MOBILE, m("bankName", "ICBC"),
                    m("accountNumber", "6222021234567890", "phoneNumber", "+8613812345678")),
            fiat("COP_ACCOUNT", BANK_OR_MOBILE, m("bankName", "Bancolombia"),
                    m("accountNumber", "12345678901", "bankAccountType", "SAVINGS", "phoneNumber", "+573001234567")),
            fiat("DKK_ACCOUNT", SEPA, m("iban", "DK5000400440116243"), m("swiftCode", "DABADKKK")),
            fiat("EGP_ACCOUNT", BANK_OR_MOBILE, m("bankName", "CIB"),
                    m("iban", "EG380019000500000000263180002", "phoneNumber", "+201001234567")),
            fiat("EUR_ACCOUNT", SEPA, m("iban", "DE89370400440532013000"), m("swiftCode", "COBADEFFXXX")),
            fiat("GBP_ACCOUNT", List.of("FASTER_PAYMENTS"), m("sortCode", "040004", "accountNumber", "12345678"), m()),
            fiat("GHS_ACCOUNT", BANK_OR_MOBILE, m("bankName", "GCB"),
                    m("accountNumber", "1234567890", "phoneNumber", "+233241234567")),
            fiat("GTQ_ACCOUNT", BANK, m("accountNumber", "1234567890", "bankAccountType", "CHECKING",
                    "bankName", "Banco Industrial"), m()),
            fiat("HKD_ACCOUNT", BANK, m("bankName", "HSBC", "accountNumber", "123456789012",
                    "swiftCode", "HSBCHKHHHKH"), m()),
            fiat("HTG_ACCOUNT", MOBILE, m("phoneNumber", "+50934123456"), m()),
            fiat("IDR_ACCOUNT", BANK, m("bankName", "BCA", "accountNumber", "1234567890", "swiftCode", "CENAIDJA",
                    "phoneNumber", "+6281234567890"), m()),
            fiat("INR_ACCOUNT", List.of("UPI", "NEFT", "RTGS"), m(), m("vpa", "alice@upi",
                    "accountNumber", "123456789012", "ifsc", "HDFC0001234", "rail", "NEFT", "bankName", "HDFC")),
            fiat("JMD_ACCOUNT", BANK, m("accountNumber", "123456789", "branchCode", "12345",
                    "bankAccountType", "SAVINGS", "bankName", "NCB"), m()),
            fiat("KES_ACCOUNT", MOBILE, m("phoneNumber", "+254712345678", "provider", "M-Pesa"), m()),
            fiat("MWK_ACCOUNT", MOBILE, m("phoneNumber", "+265991234567", "provider", "Airtel"), m()),
            fiat("MXN_ACCOUNT", List.of("SPEI"), m("clabeNumber", "032180000118359719"), m()),
            fiat("MYR_ACCOUNT", BANK, m("bankName", "Maybank", "accountNumber", "1234567890",
                    "swiftCode", "MBBEMYKL"), m()),
            fiat("NGN_ACCOUNT", BANK, m("accountNumber", "0123456789", "bankName", "GTBank"), m()),
            fiat("PHP_ACCOUNT", BANK, m("bankName", "BDO", "accountNumber", "123456789012"), m()),
            fiat("PKR_ACCOUNT", BANK_OR_MOBILE, m("bankName", "HBL"), m("accountNumber", "12345678",
                    "iban", "PK36SCBL0000001123456702", "phoneNumber", "+923001234567")),
            fiat("RWF_ACCOUNT", MOBILE, m("phoneNumber", "+250781234567", "provider", "MTN"), m()),
            fiat("SGD_ACCOUNT", List.of("PAYNOW", "FAST", "BANK_TRANSFER"),
                    m("accountNumber", "1234567890", "swiftCode", "DBSSSGSG"), m("bankName", "DBS")),
            fiat("SLV_ACCOUNT", BANK_OR_MOBILE, m(), m("bankName", "Banco Agricola", "accountNumber", "1234567890",
                    "bankAccountType", "SAVINGS", "phoneNumber", "+50371234567")),
            fiat("THB_ACCOUNT", BANK, m("bankName", "Bangkok Bank", "accountNumber", "1234567890",
                    "swiftCode", "BKKBTHBK"), m()),
            fiat("TZS_ACCOUNT", MOBILE, m("phoneNumber", "+255712345678", "provider", "Vodacom"), m()),
            fiat("UGX_ACCOUNT", MOBILE, m("phoneNumber", "+256712345678", "provider", "MTN"), m()),
            fiat("USD_ACCOUNT", List.of("ACH", "WIRE", "RTP", "FEDNOW"),
                    m("accountNumber", "123456789", "routingNumber", "021000021"),
                    m("bankName", "Chase", "bankAccountType", "CHECKING", "intermediaryBankName", "Citi",
                            "intermediaryRoutingNumber", "026009593", "fiToFiInformation", "invoice 42",
                            "platformAccountId", "acct-1")),
            fiat("VND_ACCOUNT", BANK, m("bankName", "Vietcombank", "accountNumber", "1234567890",
                    "swiftCode", "BFTVVNVX"), m()),
            fiat("XAF_ACCOUNT", MOBILE, m("phoneNumber", "+237671234567", "provider", "MTN", "region", "CM"), m()),
            fiat("XOF_ACCOUNT", MOBILE, m("phoneNumber", "+221771234567", "provider", "Orange", "region", "SN"), m()),
            fiat("ZAR_ACCOUNT", BANK, m("accountNumber", "1234567890", "bankName", "FNB"), m()),
            fiat("ZMW_ACCOUNT", MOBILE, m("phoneNumber", "+260971234567", "provider", "Airtel"), m()),
            fiat("SWIFT_ACCOUNT", List.of("SWIFT"), m("country", "JP", "swiftCode", "MHCBJPJT", "bankName", "Mizuho"),
                    m("accountNumber", "1234567", "iban", "GB82WEST12345698765432")),
            wallet("BASE_WALLET", "0x52908400098527886E0F7030069857D2E4169EE7"),
            wallet("ETHEREUM_WALLET", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"),
            new Row("LIGHTNING", List.of(), m("accountType", "LIGHTNING"), m("invoice", "lnbc2500u1pvjluezpp5qqq")),
            wallet("POLYGON_WALLET", "0xde709f2102306220921060314715629080e2fb77"),
            wallet("SOLANA_WALLET", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"),
            wallet("SPARK_WALLET", "sp1pgss9qf8l3g5ajkzv6ms0m4fyfu2xcdzqpc7ms1m8ymtp7dhkkpm0a"),
            wallet("TRON_WALLET", "TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC"),
            new Row("LIGHTNING_ACCOUNT", List.of(), m("accountType", "LIGHTNING_ACCOUNT"),
                    m("lightningAddress", "alice@getalby.com")));

    /** The create set of payments-api.md, plus the Lightning alias. */
    private static final List<String> SPEC_TYPES = List.of("AED_ACCOUNT", "BDT_ACCOUNT", "BRL_ACCOUNT", "BWP_ACCOUNT",
            "CAD_ACCOUNT", "CNY_ACCOUNT", "COP_ACCOUNT", "DKK_ACCOUNT", "EGP_ACCOUNT", "EUR_ACCOUNT", "GBP_ACCOUNT",
            "GHS_ACCOUNT", "GTQ_ACCOUNT", "HKD_ACCOUNT", "HTG_ACCOUNT", "IDR_ACCOUNT", "INR_ACCOUNT", "JMD_ACCOUNT",
            "KES_ACCOUNT", "MWK_ACCOUNT", "MXN_ACCOUNT", "MYR_ACCOUNT", "NGN_ACCOUNT", "PHP_ACCOUNT", "PKR_ACCOUNT",
            "RWF_ACCOUNT", "SGD_ACCOUNT", "SLV_ACCOUNT", "THB_ACCOUNT", "TZS_ACCOUNT", "UGX_ACCOUNT", "USD_ACCOUNT",
            "VND_ACCOUNT", "XAF_ACCOUNT", "XOF_ACCOUNT", "ZAR_ACCOUNT", "ZMW_ACCOUNT", "SWIFT_ACCOUNT", "BASE_WALLET",
            "ETHEREUM_WALLET", "LIGHTNING", "POLYGON_WALLET", "SOLANA_WALLET", "SPARK_WALLET", "TRON_WALLET",
            "LIGHTNING_ACCOUNT");

    private static Row fiat(String type, List<String> rails, Map<String, Object> required,
                            Map<String, Object> optional) {
        Map<String, Object> req = m("accountType", type);
        req.putAll(required);
        req.put("beneficiary", individual(type));
        return new Row(type, rails, req, optional);
    }

    private static Row wallet(String type, String address) {
        return new Row(type, List.of(), m("accountType", type, "address", address),
                m("vaspName", "Coinbase", "beneficiary",
                        m("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace", "countryOfResidence", "GB")));
    }

    /** The smallest valid individual beneficiary of a fiat type (EUR/GTQ/JMD have extra required fields). */
    private static Map<String, Object> individual(String type) {
        Map<String, Object> b = m("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace", "address", address());
        if (type.equals("EUR_ACCOUNT") || type.equals("GTQ_ACCOUNT")) {
            b.put("countryOfResidence", "DE");
        }
        if (type.equals("GTQ_ACCOUNT") || type.equals("JMD_ACCOUNT")) {
            b.put("phoneNumber", "+15025550123");
        }
        return b;
    }

    private static Map<String, Object> address() {
        return m("line1", "1 Main St", "postalCode", "10001", "country", "US");
    }

    private static Map<String, Object> m(Object... kv) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            map.put((String) kv[i], kv[i + 1]);
        }
        return map;
    }

    static Row row(String type) {
        return ROWS.stream().filter(r -> r.type().equals(type)).findFirst().orElseThrow();
    }

    static Stream<Row> rows() {
        return ROWS.stream();
    }

    static Stream<Row> fiatRows() {
        return ROWS.stream().filter(Row::isFiat);
    }

    static Stream<Row> walletRows() {
        return ROWS.stream().filter(r -> r.type().endsWith("_WALLET"));
    }

    static Stream<Arguments> requiredFields() {
        return ROWS.stream().flatMap(r -> r.required().keySet().stream()
                .filter(f -> !f.equals("accountType")).map(f -> Arguments.of(r, f)));
    }

    // ---- How a body is checked: the create schema inside a request, then the rules ----

    private static final ObjectSchema REQUEST = ObjectSchema.of().required("accountInfo", AccountInfoSchemas.CREATE);

    private static Fields validate(Map<String, Object> accountInfo) {
        return REQUEST.validate(m("accountInfo", accountInfo)).object("accountInfo").orElseThrow();
    }

    private static Fields accept(Map<String, Object> accountInfo) {
        Fields f = validate(accountInfo);
        AccountInfoSchemas.checkRules(f);
        return f;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> errorsOf(InvalidInput e) {
        assertEquals("INVALID_INPUT", e.code());
        return (List<Map<String, Object>>) e.details().get("errors");
    }

    /** Schema errors as "field: message". */
    private static List<String> schemaErrors(Map<String, Object> accountInfo) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> validate(accountInfo));
        return errorsOf(e).stream().map(x -> x.get("field") + ": " + x.get("message")).toList();
    }

    private static List<String> schemaErrorFields(Map<String, Object> accountInfo) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> validate(accountInfo));
        return errorsOf(e).stream().map(x -> (String) x.get("field")).toList();
    }

    /** The field named by the rule that refuses a body the schema accepted. */
    private static String ruleErrorField(Map<String, Object> accountInfo) {
        Fields f = validate(accountInfo);
        InvalidInput e = assertThrows(InvalidInput.class, () -> AccountInfoSchemas.checkRules(f));
        List<Map<String, Object>> errors = errorsOf(e);
        assertEquals(1, errors.size());
        return (String) errors.get(0).get("field");
    }

    private static Map<String, Object> with(Map<String, Object> body, Object... kv) {
        Map<String, Object> b = new LinkedHashMap<>(body);
        b.putAll(m(kv));
        return b;
    }

    private static Map<String, Object> without(Map<String, Object> body, String... names) {
        Map<String, Object> b = new LinkedHashMap<>(body);
        for (String n : names) {
            b.remove(n);
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withBeneficiary(Map<String, Object> body, Map<String, Object> changes,
                                                       String... removed) {
        Map<String, Object> ben = new LinkedHashMap<>((Map<String, Object>) body.get("beneficiary"));
        ben.putAll(changes);
        for (String r : removed) {
            ben.remove(r);
        }
        return with(body, "beneficiary", ben);
    }

    // ---- Every variant ----

    @Test
    void the_valid_body_table_covers_the_spec_create_set_and_the_lightning_alias() {
        assertEquals(SPEC_TYPES, ROWS.stream().map(Row::type).toList());
    }

    @Test
    void an_unknown_account_type_is_refused_listing_exactly_the_create_set_and_the_alias() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> validate(m("accountType", "PLASMA_WALLET")));
        List<Map<String, Object>> errors = errorsOf(e);
        assertEquals(1, errors.size());
        assertEquals("accountInfo.accountType", errors.get(0).get("field"));
        @SuppressWarnings("unchecked")
        Map<String, Object> constraint = (Map<String, Object>) errors.get(0).get("constraint");
        assertEquals(Set.copyOf(SPEC_TYPES), Set.copyOf((List<?>) constraint.get("enum")));
    }

    @Test
    void account_info_without_account_type_names_account_type_as_missing() {
        assertEquals(List.of("accountInfo.accountType: is required"), schemaErrors(m("iban", "DE89370400440532013000")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void every_create_variant_accepts_its_valid_body(Row row) {
        Fields f = accept(row.body());
        assertEquals(row.type(), f.string("accountType").orElseThrow());
        assertEquals(row.body().keySet(), f.toPlain().keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void every_variant_accepts_its_required_fields_without_the_optional_ones(Row row) {
        validate(row.requiredOnly());
    }

    @ParameterizedTest(name = "{0} without {1}")
    @MethodSource("requiredFields")
    void a_missing_required_field_is_named_by_its_dot_path(Row row, String field) {
        assertEquals(List.of("accountInfo." + field + ": is required"), schemaErrors(without(row.body(), field)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void every_variant_refuses_an_unknown_field(Row row) {
        assertEquals(List.of("accountInfo.nickname: unknown field"), schemaErrors(with(row.body(), "nickname", "x")));
    }

    @Test
    void usd_account_without_routing_number_names_the_missing_field() {
        assertEquals(List.of("accountInfo.routingNumber: is required"),
                schemaErrors(without(row("USD_ACCOUNT").body(), "routingNumber")));
    }

    @Test
    void all_missing_fields_are_reported_in_one_error() {
        assertEquals(Set.of("accountInfo.accountNumber", "accountInfo.routingNumber", "accountInfo.beneficiary"),
                Set.copyOf(schemaErrorFields(m("accountType", "USD_ACCOUNT"))));
    }

    // ---- Field formats: shared and per-row overrides ----

    @ParameterizedTest(name = "{0}.{1} = \"{2}\"")
    @CsvSource(delimiter = '|', value = {
            "MXN_ACCOUNT  | clabeNumber               | 03218000011835971",
            "MXN_ACCOUNT  | clabeNumber               | 03218000011835971A",
            "EUR_ACCOUNT  | iban                      | DE89",
            "EUR_ACCOUNT  | iban                      | de89370400440532013000",
            "EUR_ACCOUNT  | iban                      | DEXX370400440532013000",
            "EUR_ACCOUNT  | swiftCode                 | cobadeffxxx",
            "EUR_ACCOUNT  | swiftCode                 | COBADEFFXX",
            "AED_ACCOUNT  | iban                      | DE89370400440532013000",
            "DKK_ACCOUNT  | iban                      | DE89370400440532013",
            "EGP_ACCOUNT  | iban                      | EG38001900050000000026318000",
            "PKR_ACCOUNT  | iban                      | PK36scbl0000001123456702",
            "USD_ACCOUNT  | routingNumber             | 02100002",
            "USD_ACCOUNT  | routingNumber             | 02100002A",
            "USD_ACCOUNT  | intermediaryRoutingNumber | 12345",
            "USD_ACCOUNT  | accountNumber             | 12345678901234567890123456789012345",
            "USD_ACCOUNT  | bankAccountType           | CURRENT",
            "GBP_ACCOUNT  | accountNumber             | 1234567",
            "GBP_ACCOUNT  | sortCode                  | 04-00-04",
            "CAD_ACCOUNT  | accountNumber             | 123456",
            "CAD_ACCOUNT  | bankCode                  | 01",
            "CAD_ACCOUNT  | branchCode                | 0001",
            "NGN_ACCOUNT  | accountNumber             | 012345678",
            "ZAR_ACCOUNT  | accountNumber             | 12345678",
            "PHP_ACCOUNT  | accountNumber             | 1234567",
            "INR_ACCOUNT  | accountNumber             | 12345678",
            "INR_ACCOUNT  | ifsc                      | HDFC1001234",
            "INR_ACCOUNT  | vpa                       | alice",
            "KES_ACCOUNT  | phoneNumber               | +255712345678",
            "RWF_ACCOUNT  | phoneNumber               | +254712345678",
            "TZS_ACCOUNT  | phoneNumber               | +250712345678",
            "ZMW_ACCOUNT  | phoneNumber               | +254712345678",
            "IDR_ACCOUNT  | phoneNumber               | +6512345678",
            "BWP_ACCOUNT  | phoneNumber               | 26771234567",
            "BDT_ACCOUNT  | phoneNumber               | +12345",
            "BRL_ACCOUNT  | taxId                     | 1234567890",
            "BRL_ACCOUNT  | pixKeyType                | IBAN",
            "SWIFT_ACCOUNT| country                   | ZZ",
            "SWIFT_ACCOUNT| country                   | jp",
            "SWIFT_ACCOUNT| swiftCode                 | MHCBJP",
            "SWIFT_ACCOUNT| iban                      | GB82",
            "BDT_ACCOUNT  | branchCode                | 1234A",
            "XAF_ACCOUNT  | region                    | SN",
            "XOF_ACCOUNT  | region                    | CM",
            "GTQ_ACCOUNT  | bankAccountType           | CURRENT",
            "LIGHTNING_ACCOUNT | lightningAddress     | not-an-address",
    })
    void a_value_breaking_the_field_format_is_named_by_its_dot_path(String type, String field, String value) {
        assertEquals(List.of("accountInfo." + field), schemaErrorFields(with(row(type).body(), field, value)));
    }

    @ParameterizedTest(name = "{0}.{1} of {2} characters")
    @CsvSource({
            "USD_ACCOUNT, bankName, 141",
            "BDT_ACCOUNT, bankName, 256",
            "BDT_ACCOUNT, bankName, 0",
            "USD_ACCOUNT, intermediaryBankName, 141",
            "USD_ACCOUNT, fiToFiInformation, 211",
            "BRL_ACCOUNT, pixKey, 78",
            "SOLANA_WALLET, address, 256",
            "SOLANA_WALLET, address, 0",
            "BASE_WALLET, vaspName, 256",
            "XOF_ACCOUNT, provider, 256",
            "INR_ACCOUNT, rail, 33",
            "LIGHTNING, invoice, 4097",
    })
    void a_string_beyond_its_length_bounds_is_refused(String type, String field, int length) {
        assertEquals(List.of("accountInfo." + field),
                schemaErrorFields(with(row(type).body(), field, "a".repeat(length))));
    }

    @ParameterizedTest(name = "{0}.{1} = \"{2}\"")
    @CsvSource(delimiter = '|', value = {
            "USD_ACCOUNT  | bankAccountType   | SAVINGS",
            "USD_ACCOUNT  | fiToFiInformation | ''",
            "IDR_ACCOUNT  | phoneNumber       | +62123456789012",
            "CAD_ACCOUNT  | accountNumber     | 123456789012",
            "EUR_ACCOUNT  | iban              | MT84MALT011000012345MTLCAST001S",
            "SWIFT_ACCOUNT| swiftCode         | MHCBJPJTXXX",
            "XOF_ACCOUNT  | region            | BJ",
            "XAF_ACCOUNT  | region            | CG",
            "BRL_ACCOUNT  | pixKeyType        | RANDOM",
            "INR_ACCOUNT  | vpa               | a.b-c_d@okaxis",
    })
    void a_value_inside_the_field_format_is_accepted(String type, String field, String value) {
        assertEquals(value, accept(with(row(type).body(), field, value)).string(field).orElseThrow());
    }

    @Test
    void usd_bank_name_may_be_140_characters_while_other_rows_allow_255() {
        validate(with(row("USD_ACCOUNT").body(), "bankName", "a".repeat(140)));
        validate(with(row("BDT_ACCOUNT").body(), "bankName", "a".repeat(255)));
    }

    @Test
    void a_field_of_another_variant_is_unknown() {
        assertEquals(List.of("accountInfo.iban: unknown field"),
                schemaErrors(with(row("USD_ACCOUNT").body(), "iban", "DE89370400440532013000")));
        assertEquals(List.of("accountInfo.accountNumber: unknown field"),
                schemaErrors(with(row("EGP_ACCOUNT").body(), "accountNumber", "1234567890")));
    }

    // ---- Beneficiary ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("fiatRows")
    void fiat_without_beneficiary_is_refused(Row row) {
        assertEquals(List.of("accountInfo.beneficiary: is required"),
                schemaErrors(without(row.body(), "beneficiary")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fiatRows")
    void fiat_accepts_a_business_beneficiary_with_only_a_legal_name(Row row) {
        accept(with(row.body(), "beneficiary", m("beneficiaryType", "BUSINESS", "legalName", "Acme Ltd")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("walletRows")
    void wallet_without_beneficiary_is_accepted(Row row) {
        assertFalse(accept(without(row.body(), "beneficiary")).has("beneficiary"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("walletRows")
    void wallet_accepts_a_business_beneficiary(Row row) {
        accept(with(row.body(), "beneficiary", m("beneficiaryType", "BUSINESS", "legalName", "Acme Ltd",
                "taxId", "12-3456789", "countryOfResidence", "US", "address", address())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("walletRows")
    void a_wallet_names_its_custodian_as_the_vasp_list_does_and_no_other_way(Row row) {
        for (Vasps.Vasp vasp : Vasps.ALL) {
            assertEquals(vasp.vaspName(), accept(with(row.body(), "vaspName", vasp.vaspName())).string("vaspName")
                    .orElseThrow());
        }
        for (String unknown : new String[] {"coinbase", "Coinbase ", "Some Exchange"}) {
            assertEquals(List.of("accountInfo.vaspName"), schemaErrorFields(with(row.body(), "vaspName", unknown)),
                    unknown);
        }
    }

    @Test
    void wallet_individual_beneficiary_needs_full_name_and_country_of_residence() {
        Map<String, Object> body = row("SOLANA_WALLET").body();
        assertEquals(List.of("accountInfo.beneficiary.countryOfResidence: is required"),
                schemaErrors(withBeneficiary(body, m(), "countryOfResidence")));
        assertEquals(List.of("accountInfo.beneficiary.fullName: is required"),
                schemaErrors(withBeneficiary(body, m(), "fullName")));
    }

    @Test
    void wallet_individual_beneficiary_takes_no_address() {
        assertEquals(List.of("accountInfo.beneficiary.address: unknown field"),
                schemaErrors(withBeneficiary(row("SPARK_WALLET").body(), m("address", address()))));
    }

    @Test
    void lightning_takes_no_beneficiary() {
        assertEquals(List.of("accountInfo.beneficiary: unknown field"),
                schemaErrors(with(row("LIGHTNING").body(), "beneficiary", row("SOLANA_WALLET").body().get("beneficiary"))));
    }

    @Test
    void fiat_individual_beneficiary_needs_full_name_and_address() {
        Map<String, Object> body = row("USD_ACCOUNT").body();
        assertEquals(List.of("accountInfo.beneficiary.fullName: is required"),
                schemaErrors(withBeneficiary(body, m(), "fullName")));
        assertEquals(List.of("accountInfo.beneficiary.address: is required"),
                schemaErrors(withBeneficiary(body, m(), "address")));
        assertEquals(List.of("accountInfo.beneficiary.address.postalCode: is required"),
                schemaErrors(withBeneficiary(body, m("address", m("line1", "1 Main St", "country", "US")))));
    }

    @Test
    void fiat_individual_beneficiary_accepts_every_optional_field() {
        Fields f = accept(withBeneficiary(row("USD_ACCOUNT").body(), m("birthDate", "1990-12-10",
                "nationality", "GB", "countryOfResidence", "US", "email", "ada@example.com",
                "phoneNumber", "+15025550123")));
        assertEquals("GB", f.object("beneficiary").orElseThrow().string("nationality").orElseThrow());
    }

    @ParameterizedTest(name = "{0} = \"{1}\"")
    @CsvSource({
            "birthDate, 1990-13-01",
            "birthDate, 10/12/1990",
            "nationality, XX",
            "countryOfResidence, usa",
            "email, ada.example.com",
            "phoneNumber, 5025550123",
            "fullName, ''",
    })
    void a_malformed_individual_beneficiary_field_is_named_by_its_dot_path(String field, String value) {
        assertEquals(List.of("accountInfo.beneficiary." + field),
                schemaErrorFields(withBeneficiary(row("USD_ACCOUNT").body(), m(field, value))));
    }

    @Test
    void beneficiary_without_a_known_beneficiary_type_is_refused() {
        Map<String, Object> body = row("USD_ACCOUNT").body();
        assertEquals(List.of("accountInfo.beneficiary.beneficiaryType: is required"),
                schemaErrors(withBeneficiary(body, m(), "beneficiaryType")));
        assertEquals(List.of("accountInfo.beneficiary.beneficiaryType"),
                schemaErrorFields(withBeneficiary(body, m("beneficiaryType", "PERSON"))));
    }

    @Test
    void business_beneficiary_needs_a_legal_name_and_takes_no_full_name() {
        Map<String, Object> body = row("EUR_ACCOUNT").body();
        assertEquals(List.of("accountInfo.beneficiary.legalName: is required"),
                schemaErrors(with(body, "beneficiary", m("beneficiaryType", "BUSINESS"))));
        assertEquals(List.of("accountInfo.beneficiary.fullName: unknown field"),
                schemaErrors(with(body, "beneficiary", m("beneficiaryType", "BUSINESS", "legalName", "Acme",
                        "fullName", "Ada"))));
    }

    @Test
    void business_beneficiary_accepts_every_optional_field_and_checks_its_address() {
        Map<String, Object> business = m("beneficiaryType", "BUSINESS", "legalName", "Acme Ltd",
                "registrationNumber", "12345678", "taxId", "98-7654321", "email", "ap@acme.example",
                "phoneNumber", "+442071234567", "countryOfResidence", "GB", "address", address());
        accept(with(row("GBP_ACCOUNT").body(), "beneficiary", business));
        Map<String, Object> badAddress = new LinkedHashMap<>(business);
        badAddress.put("address", m("postalCode", "10001", "country", "US"));
        assertEquals(List.of("accountInfo.beneficiary.address.line1: is required"),
                schemaErrors(with(row("GBP_ACCOUNT").body(), "beneficiary", badAddress)));
    }

    @Test
    void eur_individual_beneficiary_without_country_of_residence_is_refused() {
        assertEquals(List.of("accountInfo.beneficiary.countryOfResidence: is required"),
                schemaErrors(withBeneficiary(row("EUR_ACCOUNT").body(), m(), "countryOfResidence")));
    }

    @Test
    void gtq_individual_beneficiary_needs_country_of_residence_and_phone_number() {
        assertEquals(Set.of("accountInfo.beneficiary.countryOfResidence", "accountInfo.beneficiary.phoneNumber"),
                Set.copyOf(schemaErrorFields(withBeneficiary(row("GTQ_ACCOUNT").body(), m(),
                        "countryOfResidence", "phoneNumber"))));
    }

    @Test
    void jmd_individual_beneficiary_without_phone_number_is_refused() {
        assertEquals(List.of("accountInfo.beneficiary.phoneNumber: is required"),
                schemaErrors(withBeneficiary(row("JMD_ACCOUNT").body(), m(), "phoneNumber")));
    }

    @Test
    void per_currency_beneficiary_extras_do_not_leak_to_business_beneficiaries() {
        accept(with(row("GTQ_ACCOUNT").body(), "beneficiary", m("beneficiaryType", "BUSINESS", "legalName", "Acme")));
        accept(with(row("EUR_ACCOUNT").body(), "beneficiary", m("beneficiaryType", "BUSINESS", "legalName", "Acme")));
    }

    @Test
    void registration_number_is_an_individual_beneficiary_field_of_cad_only() {
        accept(withBeneficiary(row("CAD_ACCOUNT").body(), m("registrationNumber", "123456789")));
        assertEquals(List.of("accountInfo.beneficiary.registrationNumber: unknown field"),
                schemaErrors(withBeneficiary(row("USD_ACCOUNT").body(), m("registrationNumber", "123456789"))));
    }

    @Test
    void document_type_and_number_are_individual_beneficiary_fields_of_cop_only() {
        Map<String, Object> cop = row("COP_ACCOUNT").body();
        accept(withBeneficiary(cop, m("documentType", "CC", "documentNumber", "1020304050")));
        assertEquals(List.of("accountInfo.beneficiary.documentType"),
                schemaErrorFields(withBeneficiary(cop, m("documentType", "DNI"))));
        assertEquals(List.of("accountInfo.beneficiary.documentNumber"),
                schemaErrorFields(withBeneficiary(cop, m("documentNumber", "1".repeat(51)))));
        assertEquals(List.of("accountInfo.beneficiary.documentType: unknown field"),
                schemaErrors(withBeneficiary(row("EUR_ACCOUNT").body(), m("documentType", "CC"))));
    }

    // ---- Rules beyond the table ----

    @Test
    void lightning_without_invoice_bolt12_or_lightning_address_is_refused() {
        assertEquals("accountInfo.invoice", ruleErrorField(m("accountType", "LIGHTNING")));
        assertEquals("accountInfo.invoice", ruleErrorField(m("accountType", "LIGHTNING_ACCOUNT")));
    }

    @Test
    void lightning_with_two_destinations_is_refused_naming_the_second() {
        assertEquals("accountInfo.bolt12",
                ruleErrorField(m("accountType", "LIGHTNING", "invoice", "lnbc1", "bolt12", "lno1")));
        assertEquals("accountInfo.lightningAddress", ruleErrorField(m("accountType", "LIGHTNING",
                "bolt12", "lno1", "lightningAddress", "a@b.co")));
    }

    @ParameterizedTest
    @CsvSource({"invoice, lnbc2500u1pvjluezpp5", "bolt12, lno1pgx9getnwss8vetrw3hhyuc", "lightningAddress, bob@x.io"})
    void lightning_with_exactly_one_destination_is_accepted(String field, String value) {
        assertEquals(value, accept(m("accountType", "LIGHTNING", field, value)).string(field).orElseThrow());
    }

    @Test
    void slv_account_needs_an_account_number_or_a_phone_number() {
        Map<String, Object> slv = row("SLV_ACCOUNT").body();
        assertEquals("accountInfo.accountNumber", ruleErrorField(without(slv, "accountNumber", "phoneNumber")));
        accept(without(slv, "accountNumber"));
        accept(without(slv, "phoneNumber"));
    }

    @Test
    void swift_account_needs_an_account_number_or_an_iban() {
        Map<String, Object> swift = row("SWIFT_ACCOUNT").body();
        assertEquals("accountInfo.accountNumber", ruleErrorField(without(swift, "accountNumber", "iban")));
        accept(without(swift, "accountNumber"));
        accept(without(swift, "iban"));
    }

    @Test
    void inr_account_needs_a_vpa_or_an_account_number_with_ifsc() {
        Map<String, Object> inr = row("INR_ACCOUNT").body();
        assertEquals("accountInfo.vpa", ruleErrorField(without(inr, "vpa", "accountNumber")));
        assertEquals("accountInfo.ifsc", ruleErrorField(without(inr, "vpa", "ifsc")));
        assertEquals("accountInfo.ifsc", ruleErrorField(without(inr, "ifsc")));
        accept(without(inr, "accountNumber", "ifsc"));
        accept(without(inr, "vpa"));
    }

    @ParameterizedTest
    @CsvSource({"BDT_ACCOUNT, accountInfo.accountNumber", "CNY_ACCOUNT, accountInfo.accountNumber",
            "COP_ACCOUNT, accountInfo.accountNumber", "GHS_ACCOUNT, accountInfo.accountNumber",
            "EGP_ACCOUNT, accountInfo.iban", "PKR_ACCOUNT, accountInfo.accountNumber"})
    void bank_or_mobile_account_needs_a_bank_identifier_or_a_phone_number(String type, String field) {
        Map<String, Object> body = row(type).body();
        assertEquals(field, ruleErrorField(without(body, "accountNumber", "iban", "phoneNumber")));
        accept(without(body, "accountNumber", "iban"));
        accept(without(body, "phoneNumber"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"EGP_ACCOUNT", "PKR_ACCOUNT"})
    void egp_and_pkr_accept_an_iban_alone(String type) {
        accept(without(row(type).body(), "accountNumber", "phoneNumber"));
    }

    @Test
    void rule_errors_carry_the_invalid_input_shape() {
        Fields f = validate(m("accountType", "LIGHTNING"));
        InvalidInput e = assertThrows(InvalidInput.class, () -> AccountInfoSchemas.checkRules(f));
        Map<String, Object> error = errorsOf(e).get(0);
        assertEquals("accountInfo.invoice", error.get("field"));
        assertTrue(((String) error.get("message")).contains("bolt12"));
    }

    // ---- primaryIdentifier ----

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "USD_ACCOUNT, 021000021/123456789",
            "EUR_ACCOUNT, DE89370400440532013000",
            "MXN_ACCOUNT, 032180000118359719",
            "BRL_ACCOUNT, 12345678901",
            "HTG_ACCOUNT, +50934123456",
            "SOLANA_WALLET, 7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
            "SPARK_WALLET, sp1pgss9qf8l3g5ajkzv6ms0m4fyfu2xcdzqpc7ms1m8ymtp7dhkkpm0a",
            "LIGHTNING, lnbc2500u1pvjluezpp5qqq",
            "INR_ACCOUNT, HDFC0001234/123456789012",
            "PKR_ACCOUNT, 12345678",
    })
    void primary_identifier_of_each_kind_of_account(String type, String expected) {
        assertEquals(expected, AccountInfoSchemas.primaryIdentifier(accept(row(type).body())));
    }

    @Test
    void primary_identifier_prefers_iban_over_phone_number_when_there_is_no_account_number() {
        assertEquals("PK36SCBL0000001123456702",
                AccountInfoSchemas.primaryIdentifier(accept(without(row("PKR_ACCOUNT").body(), "accountNumber"))));
    }

    @Test
    void primary_identifier_of_an_email_style_value_is_whole_so_two_domains_are_two_accounts() {
        Fields f = accept(m("accountType", "LIGHTNING", "lightningAddress", "alice.105@x.com"));
        assertEquals("alice.105@x.com", AccountInfoSchemas.primaryIdentifier(f));
        Fields pix = accept(with(row("BRL_ACCOUNT").body(), "pixKey", "bob.102@mail.com", "pixKeyType", "EMAIL"));
        assertEquals("bob.102@mail.com", AccountInfoSchemas.primaryIdentifier(pix));
        Fields vpa = accept(without(without(with(row("INR_ACCOUNT").body(), "vpa", "carol.103@upi"), "accountNumber"),
                "ifsc"));
        assertEquals("carol.103@upi", AccountInfoSchemas.primaryIdentifier(vpa));
    }

    @Test
    void primary_identifier_names_the_bank_so_one_number_at_two_banks_is_two_accounts() {
        Fields chase = accept(with(row("USD_ACCOUNT").body(), "routingNumber", "021000021", "accountNumber",
                "123456789"));
        Fields other = accept(with(row("USD_ACCOUNT").body(), "routingNumber", "011000015", "accountNumber",
                "123456789"));
        assertEquals("021000021/123456789", AccountInfoSchemas.primaryIdentifier(chase));
        assertEquals("011000015/123456789", AccountInfoSchemas.primaryIdentifier(other));
    }

    @Test
    void primary_identifier_of_a_bolt12_offer_and_of_nothing() {
        assertEquals("lno1abc104", AccountInfoSchemas.primaryIdentifier(
                accept(m("accountType", "LIGHTNING", "bolt12", "lno1abc104"))));
        assertNull(AccountInfoSchemas.primaryIdentifier(Fields.empty()));
    }

    // ---- paymentRails, currenciesFor, canonicalType ----

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void payment_rails_follow_the_last_column_of_the_table(Row row) {
        assertEquals(row.rails(), AccountInfoSchemas.paymentRails(row.type()));
    }

    @Test
    void payment_rails_of_an_unknown_type_are_empty() {
        assertEquals(List.of(), AccountInfoSchemas.paymentRails("PLASMA_WALLET"));
    }

    @ParameterizedTest
    @CsvSource({
            "USD_ACCOUNT, USD",
            "SLV_ACCOUNT, USD",
            "EUR_ACCOUNT, EUR",
            "XOF_ACCOUNT, XOF",
            "SOLANA_WALLET, USDC USDT",
            "BASE_WALLET, USDC USDT",
            "TRON_WALLET, USDC USDT",
            "SPARK_WALLET, BTC USDC",
            "LIGHTNING, BTC",
            "LIGHTNING_ACCOUNT, BTC",
    })
    void currencies_for_an_account_type(String type, String codes) {
        assertEquals(Set.of(codes.split(" ")), AccountInfoSchemas.currenciesFor(type));
    }

    @Test
    void currencies_for_swift_account_are_every_fiat_currency() {
        Set<String> expected = Currencies.all().stream().map(Currency::code)
                .filter(c -> !Set.of("BTC", "USDC", "USDT", "SBUSD").contains(c)).collect(Collectors.toSet());
        Set<String> actual = AccountInfoSchemas.currenciesFor("SWIFT_ACCOUNT");
        assertEquals(expected, actual);
        assertTrue(actual.containsAll(Set.of("USD", "EUR", "JMD", "XAF")));
        assertFalse(actual.contains("BTC"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fiatRows")
    void every_currency_account_carries_the_currency_of_its_prefix(Row row) {
        String type = row.type();
        Set<String> expected = switch (type) {
            case "SLV_ACCOUNT" -> Set.of("USD");
            case "SWIFT_ACCOUNT" -> AccountInfoSchemas.currenciesFor("SWIFT_ACCOUNT");
            default -> Set.of(type.substring(0, 3));
        };
        assertEquals(expected, AccountInfoSchemas.currenciesFor(type));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void every_type_has_currencies_and_all_are_known(Row row) {
        Set<String> codes = AccountInfoSchemas.currenciesFor(row.type());
        assertFalse(codes.isEmpty());
        List<String> unknown = new ArrayList<>(codes);
        unknown.removeIf(c -> Currencies.find(c).isPresent());
        assertEquals(List.of(), unknown);
    }

    @Test
    void currencies_for_an_unknown_type_are_none() {
        assertEquals(Set.of(), AccountInfoSchemas.currenciesFor("XYZ_ACCOUNT"));
    }

    @Test
    void canonical_type_maps_the_lightning_alias_only() {
        assertEquals("LIGHTNING", AccountInfoSchemas.canonicalType("LIGHTNING_ACCOUNT"));
        assertEquals("LIGHTNING", AccountInfoSchemas.canonicalType("LIGHTNING"));
        assertEquals("USD_ACCOUNT", AccountInfoSchemas.canonicalType("USD_ACCOUNT"));
    }

    @Test
    void lightning_alias_is_accepted_with_its_own_account_type_value() {
        Fields f = accept(m("accountType", "LIGHTNING_ACCOUNT", "invoice", "lnbc1"));
        assertEquals("LIGHTNING_ACCOUNT", f.string("accountType").orElseThrow());
    }
}
