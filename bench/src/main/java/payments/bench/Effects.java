package payments.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fault suite's one-by-one check that nothing is half-applied: the outgoing transactions in the database are
 * exactly the ones the client knows (acknowledged, or answered to a retry with the same key), and each has the
 * ledger effect its status says: COMPLETED has its posted hold and exactly one TRANSFER_OUT journal moving its amount
 * out of the source account; FAILED has its voided hold and no journal. And no TRANSFER_OUT journal or pending hold
 * exists without its transaction.
 */
final class Effects {
    /**
     * One row per outgoing transaction: status, amount, hold, TRANSFER_OUT journals, and the amount its journals moved
     * out of the hold's account (aggregated once and joined: a full run has tens of thousands of transactions).
     */
    private static final String PER_TRANSACTION = """
            select 'Transaction:' || t.id, t.status, t.sent_amount_minor, h.status, coalesce(j.n, 0),
                   coalesce(m.moved_out, 0)
            from transactions t
            left join ledger_holds h on h.platform_id = t.platform_id and h.id = t.hold_id
            left join (select platform_id, reference, count(*) as n from ledger_journals
                       where kind = 'TRANSFER_OUT' group by platform_id, reference) j
                   on j.platform_id = t.platform_id and j.reference = 'Transaction:' || t.id
            left join (select j.platform_id, j.reference, e.account_id, -sum(e.amount_minor) as moved_out
                       from ledger_journals j
                       join ledger_entries e on e.platform_id = j.platform_id and e.journal_id = j.id
                       group by j.platform_id, j.reference, e.account_id) m
                   on m.platform_id = t.platform_id and m.reference = 'Transaction:' || t.id
                  and m.account_id = h.account_id
            where t.type = 'OUTGOING'""";

    /**
     * The other way round: money moved or held for no transaction (a write that lost its transaction row), which the
     * ledger's own audit cannot see, since such books still balance.
     */
    private static final String ORPHANS = """
            select 'journal ' || j.id || ' (' || j.reference || ')' from ledger_journals j
            where j.kind = 'TRANSFER_OUT' and not exists (select 1 from transactions t
                  where t.platform_id = j.platform_id and 'Transaction:' || t.id = j.reference)
            union all
            select 'pending hold ' || h.id from ledger_holds h
            where h.status = 'PENDING' and not exists (select 1 from transactions t
                  where t.platform_id = h.platform_id and t.hold_id = h.id)""";

    private Effects() {
    }

    /** The problems found; empty when every transaction matches a request and its ledger effect. */
    static List<String> check(DbLogin db, Set<String> knownIds) throws Exception {
        List<String> problems = new ArrayList<>();
        Set<String> stored = new HashSet<>();
        try (Connection c = db.connect();
             ResultSet rs = c.createStatement().executeQuery(PER_TRANSACTION)) {
            while (rs.next()) {
                String id = rs.getString(1);
                String status = rs.getString(2);
                long amount = rs.getLong(3);
                String hold = rs.getString(4);
                long journals = rs.getLong(5);
                long movedOut = rs.getLong(6);
                stored.add(id);
                boolean consistent = switch (status) {
                    case "COMPLETED" -> "POSTED".equals(hold) && journals == 1 && movedOut == amount;
                    case "FAILED" -> "VOIDED".equals(hold) && journals == 0 && movedOut == 0;
                    default -> false; // still open after the clock moved past every delay
                };
                if (!consistent) {
                    problems.add(id + ": " + status + " with hold " + hold + ", " + journals + " journals, "
                            + movedOut + " of " + amount + " moved out");
                }
            }
        }
        try (Connection c = db.connect();
             ResultSet rs = c.createStatement().executeQuery(ORPHANS)) {
            while (rs.next()) {
                problems.add(rs.getString(1) + ": money moved or held for no transaction");
            }
        }
        for (String id : stored) {
            if (!knownIds.contains(id)) {
                problems.add(id + ": in the database, but no request of the client created it");
            }
        }
        for (String id : knownIds) {
            if (!stored.contains(id)) {
                problems.add(id + ": answered to the client, but not in the database");
            }
        }
        return problems;
    }
}
