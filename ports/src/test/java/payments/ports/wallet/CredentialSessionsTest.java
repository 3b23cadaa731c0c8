package payments.ports.wallet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.Unauthenticated;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.platform.Platform;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.WalletSession;
import payments.ports.World;
import payments.ports.fakes.HashOnlyWalletCrypto;
import payments.ports.fakes.InMemoryWalletSessions;

/**
 * Opening a wallet session: never for a credential revoked since the caller read it (the lock that orders the two
 * on PostgreSQL is {@code JooqCredentialsTest}'s; the flows over HTTP are {@code WalletFlowsApiTest}'s), and within
 * the wallet's cap of active sessions.
 */
class CredentialSessionsTest {
    private static final String KEY = "02" + "ab".repeat(32);
    private final World world = new World();
    private final InMemoryWalletSessions sessions = new InMemoryWalletSessions();
    private final CredentialSessions auth = new CredentialSessions(world.credentials, sessions,
            new HashOnlyWalletCrypto(), world.platformClock, world.ids, world.tx);
    private final Platform platform = world.sandbox();
    private final Caller caller = world.caller(platform);
    private final InternalAccountId wallet = new InternalAccountId(UUID.randomUUID());

    @Test
    void a_session_is_not_opened_for_a_credential_revoked_after_it_was_read() {
        Credential kept = credential(AuthMethodType.EMAIL_OTP, "ada@example.com");
        Credential revoked = credential(AuthMethodType.OAUTH, "https://accounts.google.com|sub");
        world.credentials.revoke(platform.id(), revoked.id(), Instant.now());

        Unauthenticated refused = assertThrows(Unauthenticated.class,
                () -> auth.open(caller, revoked, KEY, null));
        assertEquals("UNAUTHORIZED", refused.code());
        assertEquals(List.of(), activeIds());

        WalletSession opened = auth.open(caller, kept, KEY, null);
        assertEquals(List.of(opened.id()), activeIds());
    }

    @Test
    void a_wallet_keeps_at_most_ten_active_sessions_and_a_new_one_ends_the_oldest() {
        Credential credential = credential(AuthMethodType.EMAIL_OTP, "ada@example.com");
        List<UUID> opened = openSessions(credential, 12);
        assertEquals(opened.subList(2, 12), activeIds());
    }

    @Test
    void a_refresh_at_the_cap_ends_only_the_session_it_replaces_and_only_if_that_one_was_still_active() {
        Credential credential = credential(AuthMethodType.EMAIL_OTP, "ada@example.com");
        List<UUID> opened = openSessions(credential, 10);
        UUID refreshed = opened.get(9);
        UUID next = auth.open(caller, credential, KEY, refreshed).id();
        List<UUID> expected = new java.util.ArrayList<>(opened.subList(0, 9));
        expected.add(next);
        assertEquals(expected, activeIds(), "the oldest session stays");

        sessions.revoke(platform.id(), opened.get(0), world.platformClock.now(caller)); // a logout meanwhile
        assertThrows(Unauthenticated.class, () -> auth.open(caller, credential, KEY, opened.get(0)));
        assertEquals(9, activeIds().size(), "no session opened for a refresh of an ended one");
    }

    /** Opens {@code count} sessions of the credential, oldest first (ids ascending, as the fake's ids are). */
    private List<UUID> openSessions(Credential credential, int count) {
        List<UUID> opened = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            opened.add(auth.open(caller, credential, KEY, null).id());
        }
        return opened;
    }

    private List<UUID> activeIds() {
        return sessions.listActive(platform.id(), wallet, world.platformClock.now(caller)).stream()
                .map(WalletSession::id).sorted().toList();
    }

    private Credential credential(AuthMethodType type, String identity) {
        Credential c = new Credential(UUID.randomUUID(), wallet, type, identity, identity, null, null, 0,
                Instant.now(), Instant.now());
        world.credentials.insert(platform.id(), c);
        return c;
    }
}
