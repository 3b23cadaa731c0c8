package payments.ports.stablecoin;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.error.NotFound;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.ports.driven.Ids;
import payments.ports.driven.stablecoin.ProviderAccounts;
import payments.ports.driven.stablecoin.StablecoinProvider;
import payments.ports.driven.stablecoin.StablecoinProvider.Access;
import payments.ports.driven.stablecoin.StablecoinProvider.CredentialCheck;
import payments.ports.driven.stablecoin.StablecoinProvider.Credentials;

/**
 * The links to the provider: made once the provider has checked their credentials, chosen for a registration, and
 * opened (their sealed secret read) for each call made through them.
 */
public final class ProviderLinks {
    private final ProviderAccounts accounts;
    private final StablecoinProvider provider;
    private final Ids ids;

    public ProviderLinks(ProviderAccounts accounts, StablecoinProvider provider, Ids ids) {
        this.accounts = accounts;
        this.provider = provider;
        this.ids = ids;
    }

    /**
     * A link with the provider's word on its credentials: ACTIVE, or stored INVALID or REVOKED as the provider
     * reports them (a call through it is then refused with that status). The account it names is the one the
     * request names, or the only one the credentials reach. An account linked already keeps its link, which takes
     * the new credentials and their status (a rotation; the coins registered through it follow).
     */
    ProviderAccount link(Caller caller, LinkProviderAccount command, Instant now) {
        Credentials credentials = new Credentials(command.apiClientId(), command.apiClientSecret());
        CredentialCheck check = provider.verify(caller.environment(), credentials);
        String account = command.providerAccountId();
        List<String> reached = check.accountIds();
        if (account != null && !reached.isEmpty() && !reached.contains(account)) {
            throw InvalidFields.of("providerAccountId", "is not an account these credentials reach");
        }
        if (account == null) {
            if (reached.isEmpty()) {
                throw InvalidFields.of("providerAccountId", "is required: the provider names no account for "
                        + "these credentials");
            }
            if (reached.size() > 1) {
                throw ProviderAccount.selectionRequired("providerAccountId", reached);
            }
            account = reached.get(0);
        }
        var linked = accounts.findByAccountForUpdate(caller.platformId(), account);
        if (linked.isPresent()) {
            ProviderAccount relinked = linked.get().relinked(check.status(), now);
            accounts.update(relinked, credentials);
            return relinked;
        }
        boolean active = check.status() == ProviderAccountStatus.ACTIVE;
        ProviderAccount link = new ProviderAccount(ids.newId(), caller.platformId(), account, caller.environment(),
                check.status(), active ? now : null, now, now);
        accounts.insert(link, credentials);
        return link;
    }

    /**
     * The link a registration goes through: the one named (404 if none such), else the platform's only ACTIVE one
     * (400 {@code SELECTION_REQUIRED} when there are several); it must be ACTIVE (400 INVALID / REVOKED).
     */
    ProviderAccount choose(Caller caller, UUID named) {
        if (named != null) {
            return accounts.find(caller.platformId(), named).orElseThrow(() -> ProviderAccount.notFound(named))
                    .requireActive();
        }
        List<ProviderAccount> active = accounts.active(caller.platformId(), 2);
        if (active.size() > 1) {
            throw ProviderAccount.selectionRequired("stablecoinProviderAccountId", List.of());
        }
        if (active.size() == 1) {
            return active.get(0);
        }
        // No ACTIVE link: the newest one says why (its status's refusal), or there is none at all.
        return accounts.newest(caller.platformId()).orElseThrow(() -> new NotFound(
                "STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", "The platform has linked no stablecoin provider account"))
                .requireActive();
    }

    /** A call through the link {@code id}, which must still be ACTIVE (400 INVALID / REVOKED). */
    Access activeAccess(Caller caller, UUID id) {
        return access(accounts.find(caller.platformId(), id).orElseThrow(() -> ProviderAccount.notFound(id))
                .requireActive());
    }

    /** A call through {@code link}, its credentials opened. */
    Access access(ProviderAccount link) {
        return new Access(link.environment(), accounts.credentials(link.platformId(), link.id()),
                link.providerAccountId());
    }

    /** A call through the link {@code id} of the platform, as it stands (a job finishing what it began). */
    Access access(PlatformId platform, UUID id) {
        return access(accounts.find(platform, id).orElseThrow(() -> ProviderAccount.notFound(id)));
    }
}
