package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/** The fault suite's effect check finds what it is meant to find, on rows written behind the service's back. */
class EffectsTest {
    /** A check run on a migrated throwaway database holding one platform and one funded account. */
    private interface Check {
        void run(DbLogin db, Connection c, UUID platform, UUID account) throws Exception;
    }

    private static void withAccount(long heldMinor, Check check) throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database migrated = Database.connect(pg.jdbcUrl(), pg.user(), pg.password(), 2);
             Connection c = DbLogin.of(pg).connect()) {
            UUID platform = UUID.randomUUID();
            UUID account = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now()); insert into ledger_accounts (platform_id, id, currency, kind, posted_minor, "
                    + "held_minor, created_at, updated_at) values ('" + platform + "', '" + account + "', 'USD', "
                    + "'CUSTOMER', 100, " + heldMinor + ", now(), now())");
            check.run(DbLogin.of(pg), c, platform, account);
        }
    }

    @Test
    void a_half_applied_transaction_and_an_unknown_or_missing_one_are_reported() throws Exception {
        withAccount(0, (db, c, platform, account) -> {
            UUID failed = transaction(c, platform, account, "FAILED", "VOIDED");
            UUID halfApplied = transaction(c, platform, account, "COMPLETED", "POSTED"); // no journal

            List<String> problems = Effects.check(db, Set.of("Transaction:" + failed,
                    "Transaction:" + halfApplied, "Transaction:" + UUID.randomUUID()));

            assertEquals(2, problems.size(), problems.toString());
            assertTrue(problems.get(0).startsWith("Transaction:" + halfApplied + ": COMPLETED with hold POSTED, 0"));
            assertTrue(problems.get(1).contains("answered to the client, but not in the database"));
            assertTrue(Effects.check(db, Set.of("Transaction:" + failed)).stream()
                    .anyMatch(p -> p.contains("no request of the client created it")));
        });
    }

    @Test
    void a_transfer_out_journal_or_a_pending_hold_of_no_transaction_is_reported() throws Exception {
        withAccount(10, (db, c, platform, account) -> {
            UUID known = transaction(c, platform, account, "FAILED", "VOIDED");
            UUID lost = UUID.randomUUID();
            UUID journal = UUID.randomUUID();
            UUID hold = UUID.randomUUID();
            c.createStatement().execute("insert into ledger_journals values ('" + platform + "', '" + journal
                    + "', 'TRANSFER_OUT', 'Transaction:" + lost + "', now()); insert into ledger_holds (platform_id, "
                    + "id, account_id, currency, amount_minor, status, created_at) values ('" + platform + "', '"
                    + hold + "', '" + account + "', 'USD', 10, 'PENDING', now())");

            List<String> problems = Effects.check(db, Set.of("Transaction:" + known));

            assertEquals(List.of("journal " + journal + " (Transaction:" + lost + "): money moved or held for no "
                    + "transaction", "pending hold " + hold + ": money moved or held for no transaction"), problems);
        });
    }

    private static UUID transaction(Connection c, UUID platform, UUID account, String status, String holdStatus)
            throws Exception {
        UUID id = UUID.randomUUID();
        UUID hold = UUID.randomUUID();
        c.createStatement().execute("insert into ledger_holds (platform_id, id, account_id, currency, amount_minor, "
                + "status, created_at, resolved_at) values ('" + platform + "', '" + hold + "', '" + account
                + "', 'USD', 10, '" + holdStatus + "', now(), now()); insert into transactions (platform_id, id, "
                + "type, direction, status, sent_amount_minor, sent_currency, received_amount_minor, "
                + "received_currency, reference, hold_id, details, created_at, updated_at) values ('" + platform
                + "', '" + id + "', 'OUTGOING', 'DEBIT', '" + status + "', 10, 'USD', 10, 'USD', 'r', '" + hold
                + "', '{}', now(), now())");
        return id;
    }
}
