package payments.adapter.persistence.store;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqWallets;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;

/** A wallet's credentials on PostgreSQL: the lock that orders revocations and the sessions opened beside them. */
class JooqCredentialsTest {
    private final JooqWallets.CredentialStore credentials = new JooqWallets.CredentialStore(Fixtures.DB);
    private final PlatformId platform = Fixtures.platform();
    private final InternalAccount wallet = Fixtures.account(platform,
            Fixtures.customer(platform, "owner", "$owner@test.example", Fixtures.now()));

    @Test
    void a_locker_of_the_wallets_credentials_waits_for_a_revocation_in_flight_and_then_no_longer_sees_it()
            throws Exception {
        Credential email = credential(AuthMethodType.EMAIL_OTP, "ada@example.com");
        Credential oauth = credential(AuthMethodType.OAUTH, "https://accounts.google.com|sub");
        CountDownLatch revoked = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> revocation = pool.submit(() -> Fixtures.DB.inTransaction(() -> {
                assertEquals(2, credentials.listActiveForUpdate(platform, wallet.id()).size());
                credentials.revoke(platform, email.id(), Fixtures.now());
                revoked.countDown();
                Fixtures.await(commit);
                return null;
            }));
            revoked.await();
            // A plain read does not wait, and still sees the revoked credential until the commit.
            assertEquals(2, credentials.listActive(platform, wallet.id()).size());
            Future<List<Credential>> second = pool.submit(() -> Fixtures.DB.inTransaction(() ->
                    credentials.listActiveForUpdate(platform, wallet.id())));
            Fixtures.untilWaitingForALock("auth_credentials", second);
            commit.countDown();
            revocation.get(10, TimeUnit.SECONDS);
            assertEquals(List.of(oauth.id()), second.get(10, TimeUnit.SECONDS).stream().map(Credential::id).toList(),
                    "a second revocation counts one credential left, not two");
        } finally {
            commit.countDown();
            pool.shutdown();
        }
    }

    private Credential credential(AuthMethodType type, String identity) {
        Credential c = new Credential(UUID.randomUUID(), wallet.id(), type, identity, identity, null, null, 0,
                Fixtures.now(), Fixtures.now());
        Fixtures.DB.inTransaction(() -> {
            credentials.insert(platform, c);
            return null;
        });
        return c;
    }
}
