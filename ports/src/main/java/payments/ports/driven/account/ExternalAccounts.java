package payments.ports.driven.account;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.account.ExternalAccount;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/**
 * External accounts. {@link #insert} raises {@link payments.core.error.Conflict} when the owner already has an
 * active account of the same type, currency and primary identifier.
 */
public interface ExternalAccounts {
    void insert(PlatformId platform, ExternalAccount account);

    Optional<ExternalAccount> find(PlatformId platform, ExternalAccountId id);

    /** The account, or a 404 REFERENCE_NOT_FOUND. */
    default ExternalAccount require(PlatformId platform, ExternalAccountId id) {
        return find(platform, id).orElseThrow(() -> notFound(id));
    }

    /** Those of these accounts that exist, by id. */
    default Map<ExternalAccountId, ExternalAccount> findAll(PlatformId platform, Collection<ExternalAccountId> ids) {
        Map<ExternalAccountId, ExternalAccount> found = new LinkedHashMap<>();
        for (ExternalAccountId id : ids) {
            find(platform, id).ifPresent(a -> found.put(id, a));
        }
        return found;
    }

    static NotFound notFound(ExternalAccountId id) {
        return new NotFound("REFERENCE_NOT_FOUND", "No external account " + id);
    }

    /** Lists the platform's own accounts when {@code platformOwned}, else customers' (optionally one customer's). */
    Page<ExternalAccount> list(PlatformId platform, boolean platformOwned, CustomerId customer, String currency,
                               PageRequest page);

    /** The customer's default UMA deposit account, if one is set. */
    Optional<ExternalAccount> findDefaultUmaDeposit(PlatformId platform, CustomerId customer);

    /** Clears the customer's default UMA deposit account, so a new one can take its place. */
    void clearDefaultUmaDeposit(PlatformId platform, CustomerId customer, Instant now);

    boolean delete(PlatformId platform, ExternalAccountId id, Instant now);
}
