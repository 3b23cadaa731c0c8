package payments.adapter.persistence.store;

import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.store.JooqInvitations;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.adapter.persistence.schema.Tables.INVITATIONS;

import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;
import payments.core.money.Currencies;
import payments.core.money.Money;

class JooqInvitationsTest {
    private final JooqInvitations invitations = new JooqInvitations(Fixtures.DB);

    private static String newCode() {
        return UUID.randomUUID().toString().replace("-", "").toUpperCase();
    }

    private static Invitation pending(PlatformId platform, String code, Money amount, Instant expiresAt) {
        return Invitation.create(code, platform, "$alice@test.example", "Alice", amount, expiresAt, Fixtures.now());
    }

    @Test
    void an_invitation_reads_back_as_written_through_each_state() {
        PlatformId platform = Fixtures.platform();
        String code = newCode();
        Invitation created = pending(platform, code, new Money(2500, Currencies.of("EUR")),
                Fixtures.now().plusSeconds(3600));
        invitations.insert(created);
        assertEquals(created, invitations.find(platform, code).orElseThrow());

        Invitation claimed = created.claimed("$bob@other.example", Fixtures.now());
        invitations.update(claimed);
        assertEquals(claimed, invitations.find(platform, code).orElseThrow());

        Invitation bare = pending(platform, newCode(), null, null).cancelled(Fixtures.now());
        invitations.insert(bare);
        assertEquals(bare, invitations.findForUpdate(platform, bare.code()).orElseThrow());
    }

    @Test
    void a_code_is_unique_across_platforms() {
        String code = newCode();
        invitations.insert(pending(Fixtures.platform(), code, null, null));

        Conflict e = assertThrows(Conflict.class, () -> invitations.insert(pending(Fixtures.platform(), code, null,
                null)));
        assertEquals("CONFLICT", e.code());
    }

    @Test
    void only_the_code_lookup_crosses_platforms_every_other_query_is_the_owners() {
        PlatformId owner = Fixtures.platform();
        PlatformId other = Fixtures.platform();
        Invitation mine = pending(owner, newCode(), null, null);
        invitations.insert(mine);

        assertEquals(owner, invitations.ownerOf(mine.code()).orElseThrow());
        assertTrue(invitations.ownerOf(newCode()).isEmpty());
        assertTrue(invitations.find(other, mine.code()).isEmpty());
        assertTrue(invitations.findForUpdate(other, mine.code()).isEmpty());

        Invitation forged = new Invitation(mine.code(), other, "$mallory@test.example", null, null, null,
                mine.status(), null, null, null, mine.createdAt(), Fixtures.now());
        invitations.update(forged.cancelled(Fixtures.now()));
        assertEquals(mine, invitations.find(owner, mine.code()).orElseThrow(), "another platform's update is a no-op");
    }

    @Test
    void the_database_refuses_an_expired_status_or_an_amount_without_currency() {
        PlatformId platform = Fixtures.platform();
        var ctx = Fixtures.DB.ctx();
        var t = INVITATIONS;
        var now = Keyset.utc(Fixtures.now());

        assertThrows(DataAccessException.class, () -> ctx.insertInto(t)
                .set(t.PLATFORM_ID, platform.value()).set(t.CODE, newCode()).set(t.INVITER_UMA, "$a@test.example")
                .set(t.STATUS, "EXPIRED").set(t.CREATED_AT, now).set(t.UPDATED_AT, now).execute());
        assertThrows(DataAccessException.class, () -> ctx.insertInto(t)
                .set(t.PLATFORM_ID, platform.value()).set(t.CODE, newCode()).set(t.INVITER_UMA, "$a@test.example")
                .set(t.STATUS, "PENDING").set(t.AMOUNT_TO_SEND_MINOR, 100L)
                .set(t.CREATED_AT, now).set(t.UPDATED_AT, now).execute());
    }

    @Test
    void find_for_update_makes_a_second_transaction_wait_for_the_first() throws Exception {
        PlatformId platform = Fixtures.platform();
        Invitation created = pending(platform, newCode(), null, null);
        invitations.insert(created);
        CountDownLatch locked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);

        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> Fixtures.DB.inTransaction(() -> {
            Invitation current = invitations.findForUpdate(platform, created.code()).orElseThrow();
            locked.countDown();
            await(release);
            invitations.update(current.claimed("$bob@other.example", Fixtures.now()));
        }));
        assertTrue(locked.await(10, TimeUnit.SECONDS));
        CompletableFuture<Invitation> second = CompletableFuture.supplyAsync(() -> Fixtures.DB.inTransaction(
                () -> invitations.findForUpdate(platform, created.code()).orElseThrow()));
        Thread.sleep(200);
        assertFalse(second.isDone(), "the second reader waits for the lock");

        release.countDown();
        first.get(10, TimeUnit.SECONDS);
        assertEquals("$bob@other.example", second.get(10, TimeUnit.SECONDS).inviteeUma(),
                "and then sees the first one's claim");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
