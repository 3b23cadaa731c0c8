package payments.core.stablecoin;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;

/**
 * A platform's link to its account at the stablecoin provider ({@code StablecoinProviderAccount}). The credentials
 * it was made with are kept apart, sealed ({@code apiClientSecret} is never part of this record, so nothing that
 * renders or logs a link can show it). {@code status} is the provider's word on the credentials when they were
 * linked; {@code lastVerifiedAt} the last time the provider accepted them.
 */
public record ProviderAccount(UUID id, PlatformId platformId, String providerAccountId, Environment environment,
                              ProviderAccountStatus status, Instant lastVerifiedAt, Instant createdAt,
                              Instant updatedAt) {
    public static final String KIND = "StablecoinProviderAccount";
    /** The reference's single-value provider enum ({@code <STABLECOIN_PROVIDER>}): the service's own issuer. */
    public static final String PROVIDER = "PAYMENTS_SANDBOX";

    public ProviderAccount {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    /** The link with new credentials, {@code checked} by the provider now (the last verification stays if refused). */
    public ProviderAccount relinked(ProviderAccountStatus checked, Instant now) {
        return new ProviderAccount(id, platformId, providerAccountId, environment, checked,
                checked == ProviderAccountStatus.ACTIVE ? now : lastVerifiedAt, createdAt, now);
    }

    /** This link, if the provider takes calls through it: 400 {@code STABLECOIN_PROVIDER_ACCOUNT_INVALID/REVOKED}. */
    public ProviderAccount requireActive() {
        var refusal = status.refusal(wireId());
        if (refusal != null) {
            throw refusal;
        }
        return this;
    }

    /**
     * 400: several accounts would do, and the request must name one in {@code field}; {@code choices} lists them
     * when there are few (the provider accounts some credentials reach), else it is empty.
     */
    public static InvalidInput selectionRequired(String field, List<String> choices) {
        return new InvalidInput("STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED", "Several provider accounts would "
                + "do; name one in " + field, choices.isEmpty() ? Map.of("field", field)
                : Map.of("field", field, "choices", choices));
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", "No stablecoin provider account "
                + EntityId.format(KIND, id));
    }
}
