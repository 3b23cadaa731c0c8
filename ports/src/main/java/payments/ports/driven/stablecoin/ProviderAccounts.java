package payments.ports.driven.stablecoin;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;

/**
 * Links to provider accounts, one per account, each with the credentials it was last made with (the secret sealed
 * at rest).
 */
public interface ProviderAccounts {
    /** Raises 409 {@code CONFLICT} when the platform linked the same provider account meanwhile. */
    void insert(ProviderAccount account, StablecoinProvider.Credentials credentials);

    /** Saves the link's status and times with its new credentials. */
    void update(ProviderAccount account, StablecoinProvider.Credentials credentials);

    /** The platform's link to {@code providerAccountId}, locked until the transaction ends. */
    Optional<ProviderAccount> findByAccountForUpdate(PlatformId platform, String providerAccountId);

    Optional<ProviderAccount> find(PlatformId platform, UUID id);

    /** The platform's ACTIVE links, newest first, at most {@code limit}. */
    List<ProviderAccount> active(PlatformId platform, int limit);

    /** The platform's newest link, whatever its status. */
    Optional<ProviderAccount> newest(PlatformId platform);

    Page<ProviderAccount> list(PlatformId platform, ProviderAccountStatus status, PageRequest page);

    /** The link's credentials, the secret opened. */
    StablecoinProvider.Credentials credentials(PlatformId platform, UUID id);
}
