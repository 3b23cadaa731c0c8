package payments.core.stablecoin.operation;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;

/**
 * A mint or burn of {@code amount} token units of one stablecoin, made through the coin's provider link.
 * {@code providerReference} is the provider's name for it (its status checks take it); {@code holdId} the ledger
 * hold on an internal account it spends from (a burn's SERVICE_INTERNAL_ACCOUNT source, a mint funded from one),
 * posted when it completes and voided when it fails or expires.
 */
public record StablecoinOperation(UUID id, PlatformId platformId, UUID stablecoinId, OperationType type,
                                  OperationStatus status, long amount, UUID providerAccountId,
                                  Environment environment, Party source, Party destination,
                                  Map<String, Object> fundingInstructions, Map<String, Object> estimatedDelivery,
                                  Instant expiresAt, String providerReference, String providerStatus,
                                  String failureReason, String description, UUID holdId, Instant createdAt,
                                  Instant updatedAt) {
    public static final String KIND = "StablecoinOperation";

    /**
     * A source or a destination in the reference's merged shape: only the fields of its kind are set (a mint's
     * destination has {@code accountId}; a burn's has {@code accountId} and {@code rail}).
     */
    public record Party(String type, String accountId, String externalAccountId, String sourceTokenIdentifier,
                        String cryptoNetwork, String rail) {
        public static Party ofType(String type) {
            return new Party(type, null, null, null, null, null);
        }

        /** Its JSON, fields in the reference's order, the absent ones left out. */
        public Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            put(json, "type", type);
            put(json, "externalAccountId", externalAccountId);
            put(json, "accountId", accountId);
            put(json, "sourceTokenIdentifier", sourceTokenIdentifier);
            put(json, "cryptoNetwork", cryptoNetwork);
            put(json, "rail", rail);
            return json;
        }

        /** The inverse of {@link #json}. */
        public static Party of(Map<String, Object> json) {
            return new Party((String) json.get("type"), (String) json.get("accountId"),
                    (String) json.get("externalAccountId"), (String) json.get("sourceTokenIdentifier"),
                    (String) json.get("cryptoNetwork"), (String) json.get("rail"));
        }

        private static void put(Map<String, Object> json, String name, String value) {
            if (value != null) {
                json.put(name, value);
            }
        }
    }

    public StablecoinOperation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        fundingInstructions = fundingInstructions == null ? null : Map.copyOf(fundingInstructions);
        estimatedDelivery = estimatedDelivery == null ? null : Map.copyOf(estimatedDelivery);
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("REFERENCE_NOT_FOUND", "No stablecoin operation " + EntityId.format(KIND, id));
    }

    /**
     * The operation as the provider now reports it: {@code next} (the same status keeps only the new provider
     * status), with {@code failureReason} when it failed or expired. {@link IllegalStateException} for a move the
     * state machine forbids.
     */
    public StablecoinOperation advanced(OperationStatus next, String newProviderStatus, String reason, Instant now) {
        if (next != status && !status.canMoveTo(next)) {
            throw new IllegalStateException(wireId() + " cannot move from " + status + " to " + next);
        }
        return new StablecoinOperation(id, platformId, stablecoinId, type, next, amount, providerAccountId,
                environment, source, destination, fundingInstructions, estimatedDelivery, expiresAt,
                providerReference, newProviderStatus, next == OperationStatus.FAILED
                || next == OperationStatus.EXPIRED ? reason : null, description, holdId, createdAt, now);
    }
}
