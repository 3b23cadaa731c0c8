package payments.ports.quote;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.fx.Conversion;
import payments.core.fx.RailSelection;
import payments.core.fx.RateSource;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Platform;
import payments.core.quote.Lookup;
import payments.core.quote.Quote;
import payments.core.quote.QuotePricing;
import payments.core.quote.QuoteStatus;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.wallet.PayloadToSign;
import payments.ports.account.AccountReads;
import payments.ports.driven.Ids;
import payments.ports.driven.account.FundingInstructions;
import payments.ports.driven.fx.FxRates;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.quote.Lookups;

/**
 * Prepares a quote from its request, writing nothing: resolves where the money comes from and goes (accounts, their
 * owners, the receiver lookup), checks the rules between them, prices it ({@link QuotePricing}), and makes the quote
 * with its PENDING transaction. A refusal is a {@link payments.core.error.DomainError}.
 */
public final class QuotePreparation {
    /** A priced quote before it is written, with its PENDING transaction (the expiry sweep ends both). */
    record Prepared(Quote quote, Transaction transaction) {
    }

    /**
     * Where the money comes from: an account (internal or pulled external), or a real-time payment whose payer sends
     * to an address of {@code depositType} (null for fiat).
     */
    private record Funding(String currency, CustomerId customer, InternalAccount internal, ExternalAccount external,
                           String depositType) {
        boolean realtime() {
            return internal == null && external == null;
        }

        boolean embeddedWallet() {
            return internal != null && internal.type() == InternalAccountType.EMBEDDED_WALLET;
        }
    }

    /** Where it goes; {@code rail} only for an external account, {@code rails} what sets the expiry. */
    private record Payee(String currency, CustomerId owner, boolean hasOwner, String accountId, List<String> rails,
                         String umaAddress, RailSelection rail) {
    }

    private final Lookups lookups;
    private final Platforms platforms;
    private final FxRates rates;
    private final FundingInstructions instructions;
    private final Ids ids;

    public QuotePreparation(Lookups lookups, Platforms platforms, FxRates rates, FundingInstructions instructions,
            Ids ids) {
        this.lookups = lookups;
        this.platforms = platforms;
        this.rates = rates;
        this.instructions = instructions;
        this.ids = ids;
    }

    /** Checks and prices a request against what {@code reads} finds, as of {@code now}. */
    Prepared prepare(Caller caller, NewQuote command, AccountReads.Reads reads, Instant now) {
        Platform platform = platforms.find(caller.platformId()).orElseThrow();
        Funding source = funding(reads, command.source());
        if (source.customer() != null) {
            platform.config().requireReady(reads.customer(source.customer()).orElseThrow());
        }
        if (source.realtime() && !platform.config().supportsCurrency(source.currency())) {
            // Money the platform does not offer would arrive with no limits to check it against.
            throw new InvalidInput("INVALID_CURRENCY", "Currency " + source.currency()
                    + " is not enabled for this platform", Map.of("currency", source.currency(),
                    "supportedCurrencies", platform.config().currencyCodes()));
        }
        Lookup lookup = command.lookupId() == null ? null : lookup(caller, command.lookupId());
        Payee destination = payee(reads, command.destination(), lookup);
        if (caller.onBehalf() != null) {
            requireAgentReaches(caller, source, destination, command);
        }
        checkRules(source, destination, command.immediatelyExecute());
        requirePayerData(lookup, command);
        RateSource rateSource = (sending, receiving) -> rates.rate(caller.environment(), sending, receiving, now);
        QuotePricing.Price price = QuotePricing.price(platform.config(), source.currency(), destination.currency(),
                command.lockSending(), command.lockedCurrencyAmount(),
                rates.providerFees(caller.environment(), source.currency(), destination.currency()),
                command.platformFeeOverride(), rateSource);
        Conversion.Amounts amounts = price.amounts();

        UUID quoteId = ids.newId();
        UUID transactionId = ids.newId();
        Money sending = new Money(amounts.totalSendingMinor(), Currencies.of(source.currency()));
        Money receiving = new Money(amounts.receivingMinor(), Currencies.of(destination.currency()));
        Map<String, Object> details = command.details();
        details.put("rateDetails", price.rateDetails());
        String reference = Quote.reference(quoteId);
        if (source.realtime()) {
            details.put("paymentInstructions", instructions.forQuote(caller.environment(), source.currency(),
                    source.depositType(), amounts.totalSendingMinor(), reference));
        } else if (source.embeddedWallet()) {
            details.put("paymentInstructions", List.of(Map.of("accountOrWalletInfo", Map.of(
                    "accountType", "EMBEDDED_WALLET",
                    "payloadToSign", executionPayload(quoteId, source, destination, amounts, now)))));
        }
        Quote quote = new Quote(quoteId, caller.platformId(), QuoteStatus.PENDING, source.customer(),
                command.source().toJson(), command.destination().toJson(), sending, receiving, amounts.feesMinor(),
                price.platformFeesMinor(), price.rate().rate(), transactionId,
                lookup == null ? null : lookup.id(), details,
                now.plusSeconds(QuotePricing.expirySeconds(destination.umaAddress() != null, destination.rails())),
                now, now);
        return new Prepared(quote, transaction(caller, reads, quote, source, destination, reference, details, now));
    }

    /**
     * An agent quotes for its own customer only: money from that customer's accounts (or paid in for it) to a UMA
     * address or to an account of that customer; anything else does not exist for it (404), and a quote that would
     * execute at its creation bypasses its policy, so it executes with {@code POST /agents/me/quotes/{id}/execute}.
     */
    private static void requireAgentReaches(Caller caller, Funding source, Payee destination, NewQuote command) {
        var customer = caller.onBehalf().customerId();
        if (!customer.equals(source.customer())) {
            throw new NotFound("REFERENCE_NOT_FOUND", "The quote's source is no account of this agent's customer");
        }
        if (destination.hasOwner() && !customer.equals(destination.owner())) {
            throw new NotFound("REFERENCE_NOT_FOUND", "No destination account "
                    + destination.accountId() + " for this agent");
        }
        if (command.immediatelyExecute()) {
            throw InvalidFields.of("immediatelyExecute", "is not for agents: an agent executes its quote with "
                    + "POST /agents/me/quotes/{quoteId}/execute, within its policy");
        }
    }

    private static Funding funding(AccountReads.Reads reads, NewQuote.Source s) {
        CustomerId customer = s.customerId();
        if (customer != null) {
            reads.customer(customer).filter(c -> !c.isDeleted()).orElseThrow(() -> Customer.notFound(customer));
        }
        if (s instanceof NewQuote.RealtimeFunding realtime) {
            return new Funding(realtime.currency(), customer, null, null,
                    QuotePricing.depositType(realtime.currency(), realtime.cryptoNetwork()));
        }
        if (s instanceof NewQuote.FromExternalAccount pull) {
            ExternalAccount account = reads.external(pull.accountId()).requirePullable("source.accountId");
            requireOwner(customer, account.customerId());
            return new Funding(account.currency(), account.customerId(), null, account, null);
        }
        InternalAccount account = reads.internal(((NewQuote.FromInternalAccount) s).accountId());
        requireOwner(customer, account.customerId());
        return new Funding(account.currency(), account.customerId(), account, null, null);
    }

    private static Payee payee(AccountReads.Reads reads, NewQuote.Destination d, Lookup lookup) {
        if (d instanceof NewQuote.ToUmaAddress uma) {
            String address = uma.umaAddress();
            if (!address.matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
                throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + address);
            }
            if (lookup == null) {
                throw InvalidFields.of("lookupId", "is required for a UMA address destination (GET /receiver/uma)");
            }
            if (!address.equals(lookup.receiver())) {
                throw InvalidFields.of("lookupId", "was made for another receiver");
            }
            String currency = uma.currency() != null ? uma.currency()
                    : (String) lookup.supportedCurrencies().get(0).get("currencyCode");
            if (!lookup.receives(currency)) {
                throw new InvalidInput("INVALID_CURRENCY", "The receiver does not take " + currency);
            }
            return new Payee(currency, null, false, null, List.of("LIGHTNING"), address, null);
        }
        if (d instanceof NewQuote.ToInternalAccount internal) {
            InternalAccount account = reads.internal(internal.accountId());
            return new Payee(account.currency(), account.customerId(), true, account.id().toString(), List.of(), null,
                    null);
        }
        NewQuote.ToExternalAccount external = (NewQuote.ToExternalAccount) d;
        ExternalAccount account = reads.external(external.accountId());
        RailSelection rail = RailSelection.of(account.accountType(), account.currency(), external.paymentRail());
        // The rail the payment goes by sets the expiry: an AUTO BANK_TRANSFER is not instant because the account
        // could also take MOBILE_MONEY (a wallet or Lightning account has no rail: its type says it).
        return new Payee(account.currency(), account.customerId(), true, account.id().toString(),
                List.of(rail.paymentRail() != null ? rail.paymentRail() : account.accountType()), null, rail);
    }

    private static void checkRules(Funding source, Payee destination, boolean immediately) {
        if (source.currency().equals(destination.currency())) {
            throw new InvalidInput("INVALID_CURRENCY", "Sending and receiving currency are both "
                    + source.currency() + ": use /transfer-out or /transfer-in for same-currency payments");
        }
        if (destination.hasOwner() && !Objects.equals(destination.owner(), source.customer())) {
            throw InvalidFields.of("destination.accountId", "belongs to a different owner than the source");
        }
        if (immediately && source.realtime()) {
            throw InvalidFields.of("immediatelyExecute", "needs an account source; real-time funding executes "
                    + "when the payment instructions are paid");
        }
        if (immediately && source.embeddedWallet()) {
            throw InvalidFields.of("immediatelyExecute", "is not supported for EMBEDDED_WALLET sources; create, "
                    + "then execute with the wallet signature");
        }
    }

    /** Every payer field the receiver marked mandatory must be in senderCustomerInfo. */
    private static void requirePayerData(Lookup lookup, NewQuote command) {
        if (lookup == null) {
            return;
        }
        Map<String, Object> info = command.senderCustomerInfo() == null ? Map.of() : command.senderCustomerInfo();
        List<String> missing = lookup.mandatoryPayerFields().stream().filter(name -> info.get(name) == null)
                .toList();
        if (!missing.isEmpty()) {
            throw new InvalidInput("MISSING_MANDATORY_USER_INFO", "senderCustomerInfo lacks " + missing
                    + ", which the receiver requires", Map.of("missingFields", missing));
        }
    }

    private Lookup lookup(Caller caller, UUID id) {
        return lookups.find(caller.platformId(), id).orElseThrow(() -> new NotFound("LOOKUP_REQUEST_NOT_FOUND",
                "No lookup " + EntityId.format(Lookup.KIND, id)));
    }

    /** What the wallet signs to execute: the quote, the amounts and where the money goes. */
    private static String executionPayload(UUID quoteId, Funding source, Payee destination,
                                           Conversion.Amounts amounts, Instant now) {
        String quote = Quote.KIND + ":" + quoteId;
        return PayloadToSign.of("ACTIVITY_TYPE_EXECUTE_QUOTE", now, source.internal().id().toString(), quote, Map.of(
                "quoteId", quote,
                "totalSendingAmount", Long.toString(amounts.totalSendingMinor()),
                "sendingCurrency", source.currency(),
                "totalReceivingAmount", Long.toString(amounts.receivingMinor()),
                "receivingCurrency", destination.currency(),
                "destination", destination.umaAddress() != null ? destination.umaAddress()
                        : destination.accountId()));
    }

    private static Transaction transaction(Caller caller, AccountReads.Reads reads, Quote q, Funding source,
                                           Payee destination, String reference, Map<String, Object> quoteDetails,
                                           Instant now) {
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
        String platformCustomerId = q.customerId() == null ? null : reads.platformCustomerId(q.customerId());
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

    private static void requireOwner(CustomerId stated, CustomerId owner) {
        if (stated != null && !stated.equals(owner)) {
            throw InvalidFields.of("source.customerId", "is not the owner of the source account");
        }
    }
}
