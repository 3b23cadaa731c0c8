package payments.ports.fakes;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import payments.core.account.ExternalAccount;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.account.ExternalAccounts;

/**
 * External accounts with soft delete and the adapter's unique rules among live accounts: one per owner, type,
 * currency and primary identifier, and at most one default UMA deposit account per customer.
 */
public final class InMemoryExternalAccounts implements ExternalAccounts {
    private record Key(PlatformId platform, ExternalAccountId id) {
    }

    private record Row(PlatformId platform, ExternalAccount account, Instant deletedAt) {
    }

    private final Map<Key, Row> rows = new LinkedHashMap<>();

    @Override
    public void insert(PlatformId platform, ExternalAccount a) {
        Objects.requireNonNull(a.primaryIdentifier(), "primary_identifier is not null");
        for (ExternalAccount other : live(platform).toList()) {
            if (Objects.equals(other.customerId(), a.customerId()) && other.accountType().equals(a.accountType())
                    && other.currency().equals(a.currency())
                    && other.primaryIdentifier().equals(a.primaryIdentifier())) {
                throw new Conflict("CONFLICT", "This external account already exists");
            }
            if (a.defaultUmaDepositAccount() && other.defaultUmaDepositAccount()
                    && Objects.equals(other.customerId(), a.customerId())) {
                throw new Conflict("CONFLICT", "Another default UMA deposit account was set at the same time");
            }
        }
        rows.put(new Key(platform, a.id()), new Row(platform, a, null));
    }

    @Override
    public Optional<ExternalAccount> find(PlatformId platform, ExternalAccountId id) {
        return Optional.ofNullable(rows.get(new Key(platform, id))).filter(r -> r.deletedAt() == null)
                .map(Row::account);
    }

    @Override
    public Page<ExternalAccount> list(PlatformId platform, boolean platformOwned, CustomerId customer,
                                      String currency, PageRequest page) {
        return Keyset.page(live(platform)
                        .filter(a -> platformOwned ? a.customerId() == null
                                : customer == null ? a.customerId() != null : customer.equals(a.customerId()))
                        .filter(a -> currency == null || currency.equals(a.currency())),
                ExternalAccount::createdAt, a -> a.id().value(), page);
    }

    @Override
    public Optional<ExternalAccount> findDefaultUmaDeposit(PlatformId platform, CustomerId customer) {
        return live(platform).filter(a -> a.defaultUmaDepositAccount() && Objects.equals(a.customerId(), customer))
                .findFirst();
    }

    @Override
    public void clearDefaultUmaDeposit(PlatformId platform, CustomerId customer, Instant now) {
        live(platform).filter(a -> a.defaultUmaDepositAccount() && Objects.equals(a.customerId(), customer))
                .toList()
                .forEach(a -> rows.put(new Key(platform, a.id()), new Row(platform, changed(a, now), null)));
    }

    @Override
    public boolean delete(PlatformId platform, ExternalAccountId id, Instant now) {
        Optional<ExternalAccount> a = find(platform, id);
        a.ifPresent(x -> rows.put(new Key(platform, id), new Row(platform, changed(x, now), now)));
        return a.isPresent();
    }

    private Stream<ExternalAccount> live(PlatformId platform) {
        return rows.values().stream().filter(r -> r.platform().equals(platform) && r.deletedAt() == null)
                .map(Row::account);
    }

    /** The account no longer default, updated at {@code now}. */
    private static ExternalAccount changed(ExternalAccount a, Instant now) {
        return new ExternalAccount(a.id(), a.customerId(), a.currency(), a.status(), a.platformAccountId(),
                a.ownershipType(), false, a.accountType(), a.primaryIdentifier(), a.accountInfo(),
                a.beneficiaryVerification(), a.beneficiaryVerifiedName(), a.createdAt(), now);
    }
}
