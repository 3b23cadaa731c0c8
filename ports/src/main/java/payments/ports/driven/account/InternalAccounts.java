package payments.ports.driven.account;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.error.NotFound;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;

/** Internal accounts with their balances as the ledger has them. Opening one also opens its ledger account. */
public interface InternalAccounts {
    void open(PlatformId platform, InternalAccount account);

    Optional<InternalAccount> find(PlatformId platform, InternalAccountId id);

    /** The account, or a 404 REFERENCE_NOT_FOUND. */
    default InternalAccount require(PlatformId platform, InternalAccountId id) {
        return find(platform, id).orElseThrow(() -> notFound(id));
    }

    static NotFound notFound(InternalAccountId id) {
        return new NotFound("REFERENCE_NOT_FOUND", "No internal account " + id);
    }

    /** Those of these accounts that exist, by id. */
    default Map<InternalAccountId, InternalAccount> findAll(PlatformId platform, Collection<InternalAccountId> ids) {
        Map<InternalAccountId, InternalAccount> found = new LinkedHashMap<>();
        for (InternalAccountId id : ids) {
            find(platform, id).ifPresent(a -> found.put(id, a));
        }
        return found;
    }

    /**
     * The account whose deposit reference is {@code reference}: the 16 hex digits of its id's random part
     * ({@code EntityId.randomPart}), in either case, as its funding instructions show them.
     */
    Optional<InternalAccount> findByDepositReference(PlatformId platform, String reference);

    Page<InternalAccount> listCustomerAccounts(PlatformId platform, InternalAccountFilter filter, PageRequest page);

    /** Every account of one owner (a customer, or the platform when {@code customer} is null). */
    List<InternalAccount> listOwnedBy(PlatformId platform, CustomerId customer);

    /** The embedded-wallet privacy flag. */
    void setPrivacy(PlatformId platform, InternalAccountId id, boolean privateEnabled, java.time.Instant now);

}
