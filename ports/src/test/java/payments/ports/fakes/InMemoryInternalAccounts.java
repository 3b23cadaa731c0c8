package payments.ports.fakes;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.account.InternalAccounts;

/**
 * Internal accounts whose balances are read from an {@link InMemoryLedger}, as the adapter joins them with their
 * ledger account. Opening one opens its ledger account.
 */
public final class InMemoryInternalAccounts implements InternalAccounts {
    private record Key(PlatformId platform, InternalAccountId id) {
    }

    private final Map<Key, InternalAccount> rows = new LinkedHashMap<>();
    private final InMemoryLedger ledger;

    public InMemoryInternalAccounts(InMemoryLedger ledger) {
        this.ledger = ledger;
    }

    @Override
    public void open(PlatformId platform, InternalAccount a) {
        ledger.openOwned(platform, a.id().value(), a.currency());
        rows.put(new Key(platform, a.id()), a);
    }

    @Override
    public Optional<InternalAccount> find(PlatformId platform, InternalAccountId id) {
        return Optional.ofNullable(rows.get(new Key(platform, id))).map(a -> withBalance(platform, a));
    }

    @Override
    public Optional<InternalAccount> findByDepositReference(PlatformId platform, String reference) {
        return of(platform).filter(a -> payments.core.id.EntityId.randomPart(a.id().value())
                .equalsIgnoreCase(reference)).findFirst().map(a -> withBalance(platform, a));
    }

    @Override
    public Page<InternalAccount> listCustomerAccounts(PlatformId platform, InternalAccountFilter f, PageRequest page) {
        return Keyset.page(of(platform).filter(a -> a.customerId() != null)
                        .filter(a -> f.customerId() == null || f.customerId().equals(a.customerId()))
                        .filter(a -> f.currency() == null || f.currency().equals(a.currency()))
                        .filter(a -> f.type() == null || f.type() == a.type()),
                InternalAccount::createdAt, a -> a.id().value(), page);
    }

    @Override
    public List<InternalAccount> listOwnedBy(PlatformId platform, CustomerId customer) {
        return of(platform).filter(a -> Objects.equals(a.customerId(), customer))
                .sorted(Comparator.comparing(InternalAccount::createdAt)
                        .thenComparing(a -> a.id().value().toString()))
                .toList();
    }

    private Stream<InternalAccount> of(PlatformId platform) {
        return rows.entrySet().stream().filter(e -> e.getKey().platform().equals(platform))
                .map(e -> withBalance(platform, e.getValue()));
    }

    private InternalAccount withBalance(PlatformId platform, InternalAccount a) {
        long posted = ledger.balance(platform, a.id().value());
        long held = ledger.held(platform, a.id().value());
        return new InternalAccount(a.id(), a.customerId(), a.currency(), a.type(), a.status(), posted - held, posted,
                a.privateEnabled(), a.createdAt(), a.updatedAt());
    }

    @Override
    public void setPrivacy(PlatformId platform, payments.core.id.InternalAccountId id, boolean privateEnabled,
                           java.time.Instant now) {
        rows.computeIfPresent(new Key(platform, id), (k, a) -> new InternalAccount(a.id(), a.customerId(),
                a.currency(), a.type(), a.status(), a.availableMinor(), a.totalMinor(), privateEnabled,
                a.createdAt(), now));
    }
}
