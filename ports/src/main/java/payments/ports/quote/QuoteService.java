package payments.ports.quote;

import static payments.core.validation.Types.bool;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.common.CustomerId;
import payments.core.common.EntityId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.common.NotFound;
import payments.core.common.NotImplemented;
import payments.core.customer.Customer;
import payments.core.customer.CustomerSchemas;
import payments.core.fx.Conversion;
import payments.core.fx.ExchangeRate;
import payments.core.fx.Fees;
import payments.core.fx.RailSelection;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.quote.Lookup;
import payments.core.quote.Quote;
import payments.core.quote.QuoteStatus;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.account.AccountReads;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.FundingInstructions;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.fx.FxRates;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.quote.Lookups;
import payments.ports.driven.quote.Quotes;
import payments.ports.driven.transaction.Transactions;
import payments.ports.fx.PlatformFees;
import payments.ports.time.PlatformClock;

/**
 * Cross-currency quotes: price a payment (exact conversion, fees, expiry by rail), record it with its PENDING
 * transaction, and execute it through {@link QuoteExecution}.
 */
public final class QuoteService {
    static final long INSTANT_RAIL_EXPIRY_SECONDS = 180;
    static final long OTHER_RAIL_EXPIRY_SECONDS = 900;
    private static final List<String> INSTANT_RAILS = List.of("RTP", "FEDNOW", "SEPA_INSTANT", "SPEI", "PIX",
            "FASTER_PAYMENTS", "UPI", "PAYNOW", "FAST", "INSTAPAY", "MOBILE_MONEY");
    private static final String[] PURPOSES = {"GIFT", "SELF", "GOODS_OR_SERVICES", "EDUCATION", "HEALTH_OR_MEDICAL",
        "REAL_ESTATE_PURCHASE", "TAX_PAYMENT", "LOAN_PAYMENT", "UTILITY_BILL", "DONATION", "TRAVEL",
        "FAMILY_SUPPORT", "SALARY_PAYMENT", "OTHER"};

    static final ObjectSchema CREATE = ObjectSchema.of()
            .optional("lookupId", string(1, 100))
            .required("source", Types.variants("sourceType", Map.of(
                    "ACCOUNT", ObjectSchema.of()
                            .required("sourceType", oneOf("ACCOUNT"))
                            .required("accountId", string(1, 100))
                            .optional("customerId", string(1, 100)),
                    "REALTIME_FUNDING", ObjectSchema.of()
                            .required("sourceType", oneOf("REALTIME_FUNDING"))
                            .optional("customerId", string(1, 100))
                            .required("currency", currency())
                            .optional("cryptoNetwork", oneOf("SOLANA", "ETHEREUM", "BASE", "POLYGON", "TRON",
                                    "PLASMA", "SPARK", "LIGHTNING", "BITCOIN")))))
            .required("destination", Types.variants("destinationType", Map.of(
                    "ACCOUNT", ObjectSchema.of()
                            .required("destinationType", oneOf("ACCOUNT"))
                            .required("accountId", string(1, 100))
                            .optional("paymentRail", string(1, 32)),
                    "UMA_ADDRESS", ObjectSchema.of()
                            .required("destinationType", oneOf("UMA_ADDRESS"))
                            .required("umaAddress", string(1, 255))
                            .optional("currency", currency()))))
            .required("lockedCurrencySide", oneOf("SENDING", "RECEIVING"))
            .required("lockedCurrencyAmount", integer(1, Money.MAX_MINOR))
            .optional("immediatelyExecute", bool())
            .optional("description", string(1, 500))
            .optional("remittanceInformation", string(1, 80))
            .optional("purposeOfPayment", oneOf(PURPOSES))
            .optional("platformFeeOverride", ObjectSchema.of()
                    .required("platformFixedFee", ObjectSchema.of()
                            .required("amount", integer(0, Money.MAX_MINOR))
                            .required("currency", currency()))
                    .required("platformVariableFeeBps", integer(0, 10_000)))
            .optional("senderCustomerInfo", Types.anyObject(50));

    private final Quotes quotes;
    private final Lookups lookups;
    private final Transactions transactions;
    private final AccountReads accountReads;
    private final Platforms platforms;
    private final FxRates rates;
    private final PlatformFees platformFees;
    private final FundingInstructions instructions;
    private final QuoteExecution execution;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public QuoteService(Quotes quotes, Lookups lookups, Transactions transactions, InternalAccounts internalAccounts,
                        ExternalAccounts externalAccounts, Customers customers, Platforms platforms, FxRates rates,
                        PlatformFees platformFees, FundingInstructions instructions, QuoteExecution execution,
                        PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.quotes = quotes;
        this.lookups = lookups;
        this.transactions = transactions;
        this.accountReads = new AccountReads(internalAccounts, externalAccounts, customers);
        this.platforms = platforms;
        this.rates = rates;
        this.platformFees = platformFees;
        this.instructions = instructions;
        this.execution = execution;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * Where the money of a quote comes from, resolved from the request; {@code depositType} is what a real-time payer
     * sends to ({@link #depositType}), null otherwise.
     */
    private record Source(String currency, CustomerId customer, InternalAccount internal, ExternalAccount external,
                          String depositType) {
        /** Paid by the customer in real time (funding instructions), not from an account. */
        boolean realtime() {
            return internal == null && external == null;
        }
    }

    /** Where it goes: an account (internal or external) or a UMA address. */
    /** Where a quote pays out; {@code rail} only for an external account. */
    private record Destination(String currency, CustomerId owner, boolean hasOwner, String accountId,
                               List<String> rails, String umaAddress, RailSelection rail) {
    }

    /** A priced quote before it is written: the quote and its PENDING transaction ({@link QuoteExpiry} ends both). */
    record NewQuote(Quote quote, Transaction transaction) {
    }

    public Quote create(Caller caller, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = CREATE.validate(body);
        return tx.inTransaction(() -> {
            NewQuote created = prepare(caller, f, accountReads.oneByOne(caller.platformId()), clock.now(caller));
            write(List.of(created));
            return immediately(f) ? execution.execute(caller, created.quote().id(), null) : created.quote();
        });
    }

    static boolean immediately(Fields f) {
        return f.bool("immediatelyExecute").orElse(false);
    }

    /** Checks and prices a validated request, writing nothing: a refusal is a {@link payments.core.common.DomainError}. */
    NewQuote prepare(Caller caller, Fields f, AccountReads.Reads reads, Instant now) {
        Platform platform = platforms.find(caller.platformId()).orElseThrow();
        Fields sourceFields = f.object("source").orElseThrow();
        Fields destinationFields = f.object("destination").orElseThrow();
        Source source = source(reads, sourceFields);
        if (source.realtime() && !platform.config().supportsCurrency(source.currency())) {
            // Money the platform does not offer would arrive with no limits to check it against.
            throw new InvalidInput("INVALID_CURRENCY", "Currency " + source.currency()
                    + " is not enabled for this platform", Map.of("currency", source.currency(),
                    "supportedCurrencies", platform.config().currencyCodes()));
        }
        Lookup lookup = f.string("lookupId").map(id -> lookup(caller, id)).orElse(null);
        Destination destination = destination(reads, destinationFields, lookup);
        checkRules(source, destination, immediately(f));
        requirePayerData(lookup, f);
        ExchangeRate rate = rates.rate(caller.environment(), source.currency(), destination.currency(), now)
                .orElseThrow(() -> new InvalidInput("INVALID_CURRENCY", "No rate is offered from "
                        + source.currency() + " to " + destination.currency()));
        Fees providerFees = rates.providerFees(caller.environment(), source.currency(), destination.currency());
        Fees fees = fees(platform, providerFees, source.currency(), destination.currency(), f, now);
        Fees platformFees = new Fees(fees.fixedMinor() - providerFees.fixedMinor(),
                fees.variableBps() - providerFees.variableBps());
        long locked = f.number("lockedCurrencyAmount").orElseThrow();
        var amounts = "SENDING".equals(f.string("lockedCurrencySide").orElseThrow())
                ? Conversion.lockSending(locked, rate, fees) : Conversion.lockReceiving(locked, rate, fees);
        platform.config().currency(source.currency()).requirePayment(TransactionType.OUTGOING,
                amounts.totalSendingMinor());
        if (amounts.receivingMinor() > Money.MAX_MINOR) {
            throw new InvalidInput("AMOUNT_OUT_OF_RANGE", "The receiving amount " + amounts.receivingMinor() + " "
                    + destination.currency() + " is over the largest payment, " + Money.MAX_MINOR,
                    Map.of("maxAmount", Money.MAX_MINOR));
        }
        long platformFee = Math.min(amounts.feesMinor(), fees.partOf(amounts.feesMinor(), platformFees));

        UUID quoteId = ids.newId();
        UUID transactionId = ids.newId();
        Money sending = new Money(amounts.totalSendingMinor(), Currencies.of(source.currency()));
        Money receiving = new Money(amounts.receivingMinor(), Currencies.of(destination.currency()));
        Map<String, Object> details = f.pick("description", "remittanceInformation", "purposeOfPayment",
                "senderCustomerInfo");
        details.put("rateDetails", RateDetails.of(rates, caller.environment(), rate, fees, amounts, now));
        String reference = EntityId.reference("QT-", quoteId);
        if (source.realtime()) {
            details.put("paymentInstructions", instructions.forQuote(caller.environment(), source.currency(),
                    source.depositType(), amounts.totalSendingMinor(), reference));
        } else if (source.internal() != null && source.internal().type() == InternalAccountType.EMBEDDED_WALLET) {
            details.put("paymentInstructions", List.of(Map.of("accountOrWalletInfo", Map.of(
                    "accountType", "EMBEDDED_WALLET",
                    "payloadToSign", executionPayload(quoteId, source, destination, amounts, now)))));
        }
        Quote quote = new Quote(quoteId, caller.platformId(), QuoteStatus.PENDING, source.customer(),
                sourceFields.toPlain(), destinationFields.toPlain(), sending, receiving, amounts.feesMinor(),
                platformFee, rate.rate(), transactionId, lookup == null ? null : lookup.id(), details,
                now.plusSeconds(expirySeconds(destination)), now, now);
        return new NewQuote(quote, transaction(caller, reads, quote, source, destination, reference, details, now));
    }

    /** Writes prepared quotes with their transactions (and so their events), each kind at once. */
    void write(List<NewQuote> created) {
        quotes.insertAll(created.stream().map(NewQuote::quote).toList());
        transactions.insertAll(created.stream().map(NewQuote::transaction).toList());
    }

    /** What the wallet signs to execute: the quote, the amounts and where the money goes. */
    private static String executionPayload(UUID quoteId, Source source, Destination destination,
                                           Conversion.Amounts amounts, Instant now) {
        String quote = Quote.KIND + ":" + quoteId;
        return payments.core.wallet.PayloadToSign.of("ACTIVITY_TYPE_EXECUTE_QUOTE", now,
                source.internal().id().toString(), quote, Map.of(
                        "quoteId", quote,
                        "totalSendingAmount", Long.toString(amounts.totalSendingMinor()),
                        "sendingCurrency", source.currency(),
                        "totalReceivingAmount", Long.toString(amounts.receivingMinor()),
                        "receivingCurrency", destination.currency(),
                        "destination", destination.umaAddress() != null ? destination.umaAddress()
                                : destination.accountId()));
    }


    public Quote get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return quotes.find(caller.platformId(), id).orElseThrow(() -> Quote.notFound(id)).seenAt(clock.now(caller));
    }

    /**
     * Where a real-time payment of {@code currency} is sent: for crypto, the account type of the address on the
     * chosen network (required for stablecoins, Lightning by default for BTC); null for fiat, which takes none.
     */
    static String depositType(String currency, String cryptoNetwork) {
        boolean stablecoin = currency.equals("USDC") || currency.equals("USDT");
        if (cryptoNetwork == null) {
            if (stablecoin) {
                throw InvalidFields.of("source.cryptoNetwork", "is required for " + currency);
            }
            return currency.equals("BTC") ? "LIGHTNING" : null;
        }
        String type = stablecoin || currency.equals("BTC")
                ? AccountInfoSchemas.depositTypeOn(cryptoNetwork, currency) : null;
        if (type == null) {
            throw InvalidFields.of("source.cryptoNetwork", cryptoNetwork + " does not carry " + currency + " here");
        }
        return type;
    }


    private static Source source(AccountReads.Reads reads, Fields s) {
        String kind = s.string("sourceType").orElseThrow();
        CustomerId customer = s.string("customerId").map(id -> CustomerId.parse("source.customerId", id))
                .orElse(null);
        if (customer != null) {
            reads.customer(customer).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(customer));
        }
        if (kind.equals("REALTIME_FUNDING")) {
            String currency = s.string("currency").orElseThrow();
            return new Source(currency, customer, null, null,
                    depositType(currency, s.string("cryptoNetwork").orElse(null)));
        }
        String accountId = s.string("accountId").orElseThrow();
        if (EntityId.isOfKind(ExternalAccountId.KIND, accountId)) {
            ExternalAccount pull = reads.external(ExternalAccountId.parse("source.accountId", accountId))
                    .requirePullable("source.accountId");
            requireOwner(customer, pull.customerId(), "source.customerId");
            return new Source(pull.currency(), pull.customerId(), null, pull, null);
        }
        InternalAccount account = reads.internal(InternalAccountId.parse("source.accountId", accountId));
        requireOwner(customer, account.customerId(), "source.customerId");
        return new Source(account.currency(), account.customerId(), account, null, null);
    }

    private static Destination destination(AccountReads.Reads reads, Fields d, Lookup lookup) {
        if (d.string("destinationType").orElseThrow().equals("UMA_ADDRESS")) {
            String address = d.string("umaAddress").orElseThrow();
            if (!address.matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
                throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + address);
            }
            if (lookup == null) {
                throw InvalidFields.of("lookupId", "is required for a UMA address destination (GET /receiver/uma)");
            }
            if (!address.equals(lookup.receiver())) {
                throw InvalidFields.of("lookupId", "was made for another receiver");
            }
            String currency = d.string("currency").orElse((String) lookup.supportedCurrencies().get(0)
                    .get("currencyCode"));
            if (!lookup.receives(currency)) {
                throw new InvalidInput("INVALID_CURRENCY", "The receiver does not take " + currency);
            }
            return new Destination(currency, null, false, null, List.of("LIGHTNING"), address, null);
        }
        String accountId = d.string("accountId").orElseThrow();
        if (EntityId.isOfKind(InternalAccountId.KIND, accountId)) {
            InternalAccount account = reads.internal(InternalAccountId.parse("destination.accountId", accountId));
            return new Destination(account.currency(), account.customerId(), true, accountId, List.of(), null, null);
        }
        ExternalAccount account = reads.external(ExternalAccountId.parse("destination.accountId", accountId));
        RailSelection rail = RailSelection.of(account.accountType(), account.currency(),
                d.string("paymentRail").orElse(null));
        // The rail the payment goes by sets the expiry: an AUTO BANK_TRANSFER is not instant because the account
        // could also take MOBILE_MONEY (a wallet or Lightning account has no rail: its type says it).
        return new Destination(account.currency(), account.customerId(), true, accountId,
                List.of(rail.paymentRail() != null ? rail.paymentRail() : account.accountType()), null, rail);
    }

    private static void checkRules(Source source, Destination destination, boolean immediately) {
        if (source.currency().equals(destination.currency())) {
            throw new InvalidInput("INVALID_CURRENCY", "Sending and receiving currency are both "
                    + source.currency() + ": use /transfer-out or /transfer-in for same-currency payments");
        }
        if (destination.hasOwner() && !java.util.Objects.equals(destination.owner(), source.customer())) {
            throw InvalidFields.of("destination.accountId", "belongs to a different owner than the source");
        }
        if (immediately && source.realtime()) {
            throw InvalidFields.of("immediatelyExecute", "needs an account source; real-time funding executes "
                    + "when the payment instructions are paid");
        }
        if (immediately && source.internal() != null
                && source.internal().type() == InternalAccountType.EMBEDDED_WALLET) {
            throw InvalidFields.of("immediatelyExecute", "is not supported for EMBEDDED_WALLET sources; create, "
                    + "then execute with the wallet signature");
        }
    }

    /** Every payer field the receiver marked mandatory must be in senderCustomerInfo. */
    @SuppressWarnings("unchecked")
    private static void requirePayerData(Lookup lookup, Fields f) {
        if (lookup == null) {
            return;
        }
        Map<String, Object> info = (Map<String, Object>) f.toPlain().getOrDefault("senderCustomerInfo", Map.of());
        List<String> missing = lookup.mandatoryPayerFields().stream().filter(name -> info.get(name) == null)
                .toList();
        if (!missing.isEmpty()) {
            throw new InvalidInput("MISSING_MANDATORY_USER_INFO", "senderCustomerInfo lacks " + missing
                    + ", which the receiver requires", Map.of("missingFields", missing));
        }
    }

    private Lookup lookup(Caller caller, String id) {
        UUID uuid = EntityId.parse(Lookup.KIND, "lookupId", id);
        return lookups.find(caller.platformId(), uuid)
                .orElseThrow(() -> new NotFound("LOOKUP_REQUEST_NOT_FOUND", "No lookup " + id));
    }

    /** Provider plus platform fees: the configured ones ({@link PlatformFees}), or the request's override. */
    private Fees fees(Platform platform, Fees provider, String sending, String receiving, Fields f, Instant now) {
        var override = f.object("platformFeeOverride");
        if (override.isEmpty()) {
            return platformFees.forCorridor(platform, sending, receiving, now).orElseThrow(() ->
                    new InvalidInput("AMOUNT_OUT_OF_RANGE", "The configured fees take the whole amount"));
        }
        Fields fixed = override.get().object("platformFixedFee").orElseThrow();
        if (!"USD".equals(sending) || !"USD".equals(fixed.string("currency").orElseThrow())) {
            // The reference's 501 for fees in other currencies (errors.md: NOT_IMPLEMENTED, "non-USD fees").
            throw new NotImplemented("NOT_IMPLEMENTED", "platformFeeOverride is implemented for USD sources with "
                    + "USD fees only");
        }
        long bps = provider.variableBps() + override.get().number("platformVariableFeeBps").orElseThrow();
        if (bps >= 10_000) {
            throw InvalidFields.of("platformFeeOverride.platformVariableFeeBps", "leaves nothing to convert");
        }
        return new Fees(Math.addExact(provider.fixedMinor(), fixed.number("amount").orElseThrow()), (int) bps);
    }

    private static long expirySeconds(Destination destination) {
        boolean instant = destination.umaAddress() != null || destination.accountId() != null
                && destination.rails().stream().anyMatch(r -> INSTANT_RAILS.contains(r) || r.endsWith("WALLET")
                || r.equals("LIGHTNING"));
        return instant ? INSTANT_RAIL_EXPIRY_SECONDS : OTHER_RAIL_EXPIRY_SECONDS;
    }

    private static Transaction transaction(Caller caller, AccountReads.Reads reads, Quote q, Source source,
                                           Destination destination, String reference,
                                           Map<String, Object> quoteDetails, Instant now) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("quoteId", q.wireId());
        details.put("exchangeRate", q.exchangeRate());
        details.put("platformFees", q.platformFeesMinor());
        if (destination.rail() != null) {
            details.putAll(destination.rail().fields());
        }
        for (String key : List.of("description", "remittanceInformation", "purposeOfPayment")) {
            if (quoteDetails.containsKey(key)) {
                details.put(key, quoteDetails.get(key));
            }
        }
        String platformCustomerId = q.customerId() == null ? null
                : reads.customer(q.customerId()).orElseThrow().platformCustomerId();
        TransactionParty from = source.internal() != null
                ? TransactionParty.account(source.internal().id().toString(), source.currency())
                : source.external() != null
                ? TransactionParty.account(source.external().id().toString(), source.currency())
                : new TransactionParty(TransactionParty.REALTIME_FUNDING, null, null, source.currency());
        TransactionParty to = destination.umaAddress() != null
                ? new TransactionParty(TransactionParty.UMA_ADDRESS, null, destination.umaAddress(),
                destination.currency())
                : TransactionParty.account(destination.accountId(), destination.currency());
        return new Transaction(q.transactionId(), caller.platformId(), TransactionType.OUTGOING, Direction.DEBIT,
                TransactionStatus.PENDING, q.customerId(), platformCustomerId, from, to, q.totalSending(),
                q.totalReceiving(), q.feesMinor(), reference, null, null, false, details, null, null, now, now);
    }

    private static void requireOwner(CustomerId stated, CustomerId owner, String field) {
        if (stated != null && !stated.equals(owner)) {
            throw InvalidFields.of(field, "is not the owner of the source account");
        }
    }
}
