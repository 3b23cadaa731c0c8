package payments.adapter.persistence.ledger;

import payments.adapter.persistence.Fixtures;
import payments.adapter.persistence.ledger.JooqLedger;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.UUID;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;

/**
 * The ledger's references (V11): checked once per statement instead of by foreign keys, and kept true by rows that
 * never go away. Written as raw SQL, since the application never writes such rows; what matters is that
 * PostgreSQL refuses them.
 */
class LedgerReferencesTest {
    private static final String FOREIGN_KEY_VIOLATION = "23503";
    private static final String RESTRICT_VIOLATION = "23001";

    private final PlatformId platform = Fixtures.platform();
    private final InternalAccount account = Fixtures.account(platform, null);
    private final UUID journal = fundedJournal();

    @Test
    void an_entry_naming_a_missing_journal_or_account_is_refused_with_every_row_of_its_statement() {
        long before = entries();

        assertEquals(FOREIGN_KEY_VIOLATION, sqlState(() -> insertEntries(entry(journal, account.id().value()),
                entry(UUID.randomUUID(), account.id().value()))));
        assertEquals(FOREIGN_KEY_VIOLATION, sqlState(() -> insertEntries(entry(journal, UUID.randomUUID()),
                entry(journal, account.id().value()))));
        assertEquals(before, entries());

        insertEntries(entry(journal, account.id().value()), entry(journal, account.id().value()));
        assertEquals(before + 2, entries());
    }

    @Test
    void an_entry_naming_another_platforms_journal_is_refused() {
        PlatformId other = Fixtures.platform();

        assertEquals(FOREIGN_KEY_VIOLATION, sqlState(() -> exec("insert into ledger_entries (platform_id, "
                + "journal_id, account_id, currency, amount_minor, balance_after_minor, created_at) values ('"
                + other.value() + "', '" + journal + "', '" + account.id().value() + "', 'USD', 1, 1, now())")));
    }

    @Test
    void a_hold_naming_a_missing_account_is_refused_and_a_holds_account_never_changes() {
        assertEquals(FOREIGN_KEY_VIOLATION, sqlState(() -> insertHold(UUID.randomUUID(), UUID.randomUUID())));

        UUID hold = UUID.randomUUID();
        insertHold(hold, account.id().value());
        exec("update ledger_holds set status = 'VOIDED', resolved_at = now() where id = '" + hold + "'");
        InternalAccount other = Fixtures.account(platform, null);
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("update ledger_holds set account_id = '"
                + other.id().value() + "' where id = '" + hold + "'")));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("delete from ledger_holds where id = '" + hold + "'")));
    }

    @Test
    void journals_entries_and_accounts_are_never_removed_nor_rewritten_but_balances_move() {
        String ofJournal = " where platform_id = '" + platform.value() + "' and id = '" + journal + "'";
        String ofEntries = " where platform_id = '" + platform.value() + "' and journal_id = '" + journal + "'";
        String ofAccount = " where platform_id = '" + platform.value() + "' and id = '" + account.id().value() + "'";

        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("delete from ledger_journals" + ofJournal)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("update ledger_journals set kind = 'X'" + ofJournal)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("delete from ledger_entries" + ofEntries)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("update ledger_entries set amount_minor = 5"
                + ofEntries)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("delete from ledger_accounts" + ofAccount)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("update ledger_accounts set id = '"
                + UUID.randomUUID() + "'" + ofAccount)));
        assertEquals(RESTRICT_VIOLATION, sqlState(() -> exec("truncate ledger_journals cascade")));

        exec("update ledger_accounts set id = id, posted_minor = posted_minor + 0" + ofAccount);
        assertEquals(2, count("select count(*) from ledger_entries" + ofEntries));
    }

    private UUID fundedJournal() {
        UUID id = UUID.randomUUID();
        Fixtures.DB.inTransaction(() -> {
            new JooqLedger(Fixtures.DB).post(platform, Journal.transfer(id, "TEST_FUNDING", "test",
                    AccountRef.system(platform, AccountRef.SANDBOX_FUNDING, "USD"),
                    AccountRef.owned(account.id().value()), "USD", 100, Fixtures.now()));
            return null;
        });
        return id;
    }

    private String entry(UUID journalId, UUID accountId) {
        return "('" + platform.value() + "', '" + journalId + "', '" + accountId + "', 'USD', 1, 1, now())";
    }

    private void insertEntries(String... rows) {
        exec("insert into ledger_entries (platform_id, journal_id, account_id, currency, amount_minor, "
                + "balance_after_minor, created_at) values " + String.join(", ", rows));
    }

    private void insertHold(UUID id, UUID accountId) {
        exec("insert into ledger_holds (platform_id, id, account_id, currency, amount_minor, status, created_at) "
                + "values ('" + platform.value() + "', '" + id + "', '" + accountId + "', 'USD', 1, 'PENDING', now())");
    }

    private long entries() {
        return count("select count(*) from ledger_entries where platform_id = '" + platform.value() + "'");
    }

    private static long count(String sql) {
        return ((Number) Fixtures.DB.ctx().fetchValue(sql)).longValue();
    }

    private static void exec(String sql) {
        Fixtures.DB.ctx().execute(sql);
    }

    private static String sqlState(Runnable statement) {
        DataAccessException refused = assertThrows(DataAccessException.class, statement::run);
        SQLException cause = refused.getCause(SQLException.class);
        assertTrue(cause != null, refused.toString());
        return cause.getSQLState();
    }
}
