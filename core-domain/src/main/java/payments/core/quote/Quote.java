package payments.core.quote;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.money.Money;

/**
 * A locked price for a cross-currency payment: what is sent (fees included), what arrives, at which rate, until
 * when. {@code source} and {@code destination} are the request's variants as validated JSON; {@code details}
 * carries the descriptive fields the API echoes (paymentInstructions, rateDetails, description, ...).
 */
public record Quote(UUID id, PlatformId platformId, QuoteStatus status, CustomerId customerId,
                    Map<String, Object> source, Map<String, Object> destination, Money totalSending,
                    Money totalReceiving, long feesMinor, long platformFeesMinor, BigDecimal exchangeRate,
                    UUID transactionId, UUID lookupId, Map<String, Object> details, Instant expiresAt,
                    Instant createdAt, Instant updatedAt) {
    public static final String KIND = "Quote";

    public Quote {
        source = Map.copyOf(source);
        destination = Map.copyOf(destination);
        details = Map.copyOf(details);
        if (feesMinor < 0 || platformFeesMinor < 0 || platformFeesMinor > feesMinor) {
            throw new IllegalArgumentException("fees are never negative and include the platform's");
        }
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    /** The human reference of a quote and its transaction ("QT-9F3C..."), which a payout's payee sees too. */
    public static String reference(UUID quoteId) {
        return EntityId.reference("QT-", quoteId);
    }

    public String wireId() {
        return KIND + ":" + id;
    }

    /** The reference of the quote's ledger journals: its transaction's id, as for every payment. */
    public String transactionReference() {
        return "Transaction:" + transactionId;
    }

    /** A pending quote past its expiry is expired, whether or not the sweeper has recorded it yet. */
    public QuoteStatus statusAt(Instant now) {
        return status == QuoteStatus.PENDING && !now.isBefore(expiresAt) ? QuoteStatus.EXPIRED : status;
    }

    /** The quote as a reader sees it at {@code now}: a pending quote past its expiry reads EXPIRED. */
    public Quote seenAt(Instant now) {
        QuoteStatus seen = statusAt(now);
        return seen == status ? this : with(seen, updatedAt);
    }

    /** Refuses execution unless the quote is pending and unexpired at {@code now}. */
    public Quote executing(Instant now) {
        QuoteStatus current = statusAt(now);
        if (current == QuoteStatus.EXPIRED) {
            throw new Conflict("QUOTE_EXPIRED", "Quote " + wireId() + " expired at " + expiresAt);
        }
        if (current != QuoteStatus.PENDING) {
            throw new Conflict("CONFLICT", "Quote " + wireId() + " is " + current + " and cannot be executed");
        }
        return with(QuoteStatus.PROCESSING, now);
    }

    public Quote completed(Instant now) {
        return move(QuoteStatus.PROCESSING, QuoteStatus.COMPLETED, now);
    }

    /** A payout that fails, including one returned after it completed. */
    public Quote failed(Instant now) {
        if (status != QuoteStatus.PROCESSING && status != QuoteStatus.COMPLETED) {
            throw new IllegalStateException("quote " + id + " cannot fail from " + status);
        }
        return with(QuoteStatus.FAILED, now);
    }

    public Quote expired(Instant now) {
        return move(QuoteStatus.PENDING, QuoteStatus.EXPIRED, now);
    }

    private Quote move(QuoteStatus from, QuoteStatus to, Instant now) {
        if (status != from) {
            throw new IllegalStateException("quote " + id + " cannot move from " + status + " to " + to);
        }
        return with(to, now);
    }

    private Quote with(QuoteStatus next, Instant now) {
        return new Quote(id, platformId, next, customerId, source, destination, totalSending, totalReceiving,
                feesMinor, platformFeesMinor, exchangeRate, transactionId, lookupId, details, expiresAt, createdAt,
                now);
    }

    /** Funded by a payment to its instructions ({@code REALTIME_FUNDING}), not from an account. */
    public boolean realtimeFunded() {
        return "REALTIME_FUNDING".equals(source.get("sourceType"));
    }

    /** The internal account the quote is funded from, if it is. */
    public Optional<InternalAccountId> internalSource() {
        return account(source, InternalAccountId.KIND).map(id -> InternalAccountId.parse("source.accountId", id));
    }

    /** The external account the quote pulls its funding from, if it does. */
    public Optional<ExternalAccountId> externalSource() {
        return account(source, ExternalAccountId.KIND).map(id -> ExternalAccountId.parse("source.accountId", id));
    }

    /** The internal account the quote pays out to, if it does. */
    public Optional<InternalAccountId> internalDestination() {
        return account(destination, InternalAccountId.KIND)
                .map(id -> InternalAccountId.parse("destination.accountId", id));
    }

    /** The external account the quote pays out to, if it does. */
    public Optional<ExternalAccountId> externalDestination() {
        return account(destination, ExternalAccountId.KIND)
                .map(id -> ExternalAccountId.parse("destination.accountId", id));
    }

    /** The UMA address the quote pays, if it pays one. */
    public Optional<String> umaDestination() {
        return "UMA_ADDRESS".equals(destination.get("destinationType"))
                ? Optional.of((String) destination.get("umaAddress")) : Optional.empty();
    }

    private static Optional<String> account(Map<String, Object> side, String kind) {
        return side.get("accountId") instanceof String id && EntityId.isOfKind(kind, id) ? Optional.of(id)
                : Optional.empty();
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("QUOTE_NOT_FOUND", "No quote " + KIND + ":" + id);
    }

    /** The payload an embedded wallet must sign to execute this quote, if its source is one. */
    public Optional<String> walletPayload() {
        Object instructions = details.get("paymentInstructions");
        if (instructions instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?> first
                && first.get("accountOrWalletInfo") instanceof Map<?, ?> info
                && "EMBEDDED_WALLET".equals(info.get("accountType"))) {
            return Optional.of((String) info.get("payloadToSign"));
        }
        return Optional.empty();
    }
}
