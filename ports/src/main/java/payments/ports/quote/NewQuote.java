package payments.ports.quote;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.quote.FeeOverride;
import payments.core.quote.Lookup;
import payments.core.quote.QuoteSchemas;
import payments.core.validation.Fields;

/**
 * A quote to make: where the money comes from and goes, which side's amount is fixed, and the optional details the
 * quote and its transaction show. {@code lookupId} (null: none) is a receiver lookup's, required for a UMA address;
 * {@code platformFeeOverride} (null: none) replaces the platform's configured fees; {@code senderCustomerInfo} is what
 * the receiver asked of the payer.
 */
public record NewQuote(UUID lookupId, Source source, Destination destination, boolean lockSending,
                       long lockedCurrencyAmount, boolean immediatelyExecute, String description,
                       String remittanceInformation, String purposeOfPayment, FeeOverride platformFeeOverride,
                       Map<String, Object> senderCustomerInfo) {
    public NewQuote {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        senderCustomerInfo = senderCustomerInfo == null ? null
                : Collections.unmodifiableMap(new LinkedHashMap<>(senderCustomerInfo));
    }

    /** Where a quote's money comes from; {@code customerId} (null: not stated) must own the account. */
    public sealed interface Source {
        CustomerId customerId();

        /** The source as the quote shows it ({@code source}). */
        Map<String, Object> toJson();
    }

    /** An internal account pays. */
    public record FromInternalAccount(InternalAccountId accountId, CustomerId customerId) implements Source {
        public Map<String, Object> toJson() {
            return account(accountId.toString(), customerId);
        }
    }

    /** An external account is pulled from. */
    public record FromExternalAccount(ExternalAccountId accountId, CustomerId customerId) implements Source {
        public Map<String, Object> toJson() {
            return account(accountId.toString(), customerId);
        }
    }

    /** The payer sends the money to payment instructions, over {@code cryptoNetwork} for crypto (may be null). */
    public record RealtimeFunding(CustomerId customerId, String currency, String cryptoNetwork) implements Source {
        public RealtimeFunding {
            Objects.requireNonNull(currency, "currency");
        }

        public Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("sourceType", "REALTIME_FUNDING");
            putIfPresent(json, "customerId", customerId);
            json.put("currency", currency);
            putIfPresent(json, "cryptoNetwork", cryptoNetwork);
            return json;
        }
    }

    /** Where a quote pays out. */
    public sealed interface Destination {
        /** The destination as the quote shows it ({@code destination}). */
        Map<String, Object> toJson();
    }

    /** An internal account of the same owner ({@code paymentRail} is kept but has no use there). */
    public record ToInternalAccount(InternalAccountId accountId, String paymentRail) implements Destination {
        public Map<String, Object> toJson() {
            return accountDestination(accountId.toString(), paymentRail);
        }
    }

    /** An external account of the same owner, by {@code paymentRail} (null: chosen for the account). */
    public record ToExternalAccount(ExternalAccountId accountId, String paymentRail) implements Destination {
        public Map<String, Object> toJson() {
            return accountDestination(accountId.toString(), paymentRail);
        }
    }

    /** A UMA address, in {@code currency} (null: the receiver's first). */
    public record ToUmaAddress(String umaAddress, String currency) implements Destination {
        public ToUmaAddress {
            Objects.requireNonNull(umaAddress, "umaAddress");
        }

        public Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("destinationType", "UMA_ADDRESS");
            json.put("umaAddress", umaAddress);
            putIfPresent(json, "currency", currency);
            return json;
        }
    }

    /** From the JSON body of {@code POST /quotes}; 400 naming every invalid field. */
    public static NewQuote fromJson(Object body) {
        Fields f = QuoteSchemas.CREATE.validate(body);
        FeeOverride override = f.object("platformFeeOverride").map(o -> {
            Fields fixed = o.object("platformFixedFee").orElseThrow();
            return new FeeOverride(fixed.number("amount").orElseThrow(), fixed.string("currency").orElseThrow(),
                    o.number("platformVariableFeeBps").orElseThrow().intValue());
        }).orElse(null);
        @SuppressWarnings("unchecked")
        Map<String, Object> payer = (Map<String, Object>) f.toPlain().get("senderCustomerInfo");
        return new NewQuote(f.string("lookupId").map(id -> EntityId.parse(Lookup.KIND, "lookupId", id)).orElse(null),
                source(f.object("source").orElseThrow()), destination(f.object("destination").orElseThrow()),
                "SENDING".equals(f.string("lockedCurrencySide").orElseThrow()),
                f.number("lockedCurrencyAmount").orElseThrow(), f.bool("immediatelyExecute").orElse(false),
                f.string("description").orElse(null), f.string("remittanceInformation").orElse(null),
                f.string("purposeOfPayment").orElse(null), override, payer);
    }

    private static Source source(Fields s) {
        CustomerId customer = s.string("customerId").map(id -> CustomerId.parse("source.customerId", id))
                .orElse(null);
        if (s.string("sourceType").orElseThrow().equals("REALTIME_FUNDING")) {
            return new RealtimeFunding(customer, s.string("currency").orElseThrow(),
                    s.string("cryptoNetwork").orElse(null));
        }
        String accountId = s.string("accountId").orElseThrow();
        return EntityId.isOfKind(ExternalAccountId.KIND, accountId)
                ? new FromExternalAccount(ExternalAccountId.parse("source.accountId", accountId), customer)
                : new FromInternalAccount(InternalAccountId.parse("source.accountId", accountId), customer);
    }

    private static Destination destination(Fields d) {
        if (d.string("destinationType").orElseThrow().equals("UMA_ADDRESS")) {
            return new ToUmaAddress(d.string("umaAddress").orElseThrow(), d.string("currency").orElse(null));
        }
        String accountId = d.string("accountId").orElseThrow();
        String rail = d.string("paymentRail").orElse(null);
        return EntityId.isOfKind(InternalAccountId.KIND, accountId)
                ? new ToInternalAccount(InternalAccountId.parse("destination.accountId", accountId), rail)
                : new ToExternalAccount(ExternalAccountId.parse("destination.accountId", accountId), rail);
    }

    private static Map<String, Object> account(String accountId, CustomerId customerId) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("sourceType", "ACCOUNT");
        json.put("accountId", accountId);
        putIfPresent(json, "customerId", customerId);
        return json;
    }

    private static Map<String, Object> accountDestination(String accountId, String paymentRail) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("destinationType", "ACCOUNT");
        json.put("accountId", accountId);
        putIfPresent(json, "paymentRail", paymentRail);
        return json;
    }

    private static void putIfPresent(Map<String, Object> json, String name, Object value) {
        if (value != null) {
            json.put(name, value.toString());
        }
    }

    /** The details a quote and its transaction show, those given, in this order. */
    Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        putIfPresent(details, "description", description);
        putIfPresent(details, "remittanceInformation", remittanceInformation);
        putIfPresent(details, "purposeOfPayment", purposeOfPayment);
        if (senderCustomerInfo != null) {
            details.put("senderCustomerInfo", senderCustomerInfo);
        }
        return details;
    }
}
