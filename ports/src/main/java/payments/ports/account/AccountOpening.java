package payments.ports.account;

import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.ports.driven.Ids;
import payments.ports.driven.account.InternalAccounts;

/** Opens the internal accounts an owner is missing: one per enabled currency, for customers and platforms alike. */
public final class AccountOpening {
    private final InternalAccounts accounts;
    private final Ids ids;

    public AccountOpening(InternalAccounts accounts, Ids ids) {
        this.accounts = accounts;
        this.ids = ids;
    }

    /** Call inside the transaction that creates or changes the owner. */
    public void ensureAccounts(PlatformId platform, CustomerId owner, Collection<String> currencies, Instant now) {
        Set<String> held = new HashSet<>();
        accounts.listOwnedBy(platform, owner).stream()
                .filter(a -> a.type() != payments.core.account.InternalAccountType.EMBEDDED_WALLET)
                .forEach(a -> held.add(a.currency()));
        for (String currency : currencies) {
            if (held.add(currency)) {
                accounts.open(platform, new InternalAccount(new InternalAccountId(ids.newId()), owner, currency,
                        InternalAccount.typeFor(currency), InternalAccountStatus.ACTIVE, 0, 0, null, now, now));
            }
        }
    }
}
