package payments.adapter.persistence.ledger;

import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.LEDGER_ENTRIES;
import static payments.adapter.persistence.schema.Tables.LEDGER_JOURNALS;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.SqlState;
import payments.adapter.persistence.Statement;
import payments.core.error.InvalidInput;
import payments.core.id.NameBasedIds;

/**
 * A transaction's ledger writes that nothing reads before the commit: its journals, their entries and its postings to
 * system accounts, written just before it commits in three statements however many journals it made.
 * <p>
 * System accounts (rail settlement, liquidity, revenue) are touched by every payment of their currency, so their
 * row locks decide how many payments commit per second. Two things keep those locks short: the postings go last,
 * so a lock is held for the last statements and the commit instead of the whole transaction; and each account is
 * spread over {@value #BUCKETS} rows (migration V7), chosen by transaction (its first journal's bucket), so
 * concurrent transactions mostly lock different rows. A batch of payments is one transaction, so it locks one row
 * per system account rather than one per journal: with rows chosen by journal, a batch of many payments would lock
 * nearly every row of each account it touches and a concurrent batch would wait for it (docs/PERFORMANCE.md).
 * System accounts have no floor, so nothing earlier in the transaction depends on their balance. Owned accounts are
 * not here: their conditional updates run in place, because they decide whether the payment may go on.
 */
final class LedgerWrites implements Db.BeforeCommit {
    static final int BUCKETS = 16;
    private static final Statement INSERT_JOURNAL = Statement.insert(LEDGER_JOURNALS, LEDGER_JOURNALS.PLATFORM_ID,
            LEDGER_JOURNALS.ID, LEDGER_JOURNALS.KIND, LEDGER_JOURNALS.REFERENCE, LEDGER_JOURNALS.CREATED_AT);
    private static final Statement INSERT_ENTRY = Statement.insert(LEDGER_ENTRIES, LEDGER_ENTRIES.PLATFORM_ID,
            LEDGER_ENTRIES.JOURNAL_ID, LEDGER_ENTRIES.ACCOUNT_ID, LEDGER_ENTRIES.CURRENCY, LEDGER_ENTRIES.AMOUNT_MINOR,
            LEDGER_ENTRIES.BALANCE_AFTER_MINOR, LEDGER_ENTRIES.CREATED_AT);
    /** The upsert of n system rows, by n (a transaction touches a handful). */
    private static final Map<Integer, Statement> UPSERTS = new ConcurrentHashMap<>();

    /** A posting to a system account, and the bucket row it lands on. */
    private record SystemPosting(UUID platform, UUID journal, UUID account, UUID row, String currency,
                                 long amountMinor, OffsetDateTime at) {
    }

    /** The account's own id for bucket 0, a name-based id for the others. */
    private static UUID row(UUID account, int bucket) {
        return bucket == 0 ? account : NameBasedIds.of(account + "/" + bucket);
    }

    /** The bucket of a transaction whose first journal this is: spread evenly. */
    static int bucket(UUID journal) {
        return Math.floorMod(journal.hashCode(), BUCKETS);
    }

    private final List<Object[]> journals = new ArrayList<>();
    private final List<Object[]> entries = new ArrayList<>();
    private final List<SystemPosting> systemPostings = new ArrayList<>();

    void journal(UUID platform, UUID journal, String kind, String reference, OffsetDateTime at) {
        journals.add(new Object[] {platform, journal, kind, reference, at});
    }

    /** An entry of an owned account, whose balance after it is already known. */
    void entry(UUID platform, UUID journal, UUID account, String currency, long amountMinor, long balanceAfter,
               OffsetDateTime at) {
        entries.add(new Object[] {platform, journal, account, currency, amountMinor, balanceAfter, at});
    }

    void systemPosting(UUID platform, UUID journal, UUID account, String currency, long amountMinor,
                       OffsetDateTime at) {
        int bucket = bucket(systemPostings.isEmpty() ? journal : systemPostings.get(0).journal());
        systemPostings.add(new SystemPosting(platform, journal, account, row(account, bucket), currency, amountMinor,
                at));
    }

    /**
     * One upsert of every system row the transaction touches, in row order (so concurrent commits never deadlock),
     * then the journals, then all entries; a system entry's running balance is counted back from the balance the
     * upsert returned for its row.
     */
    @Override
    public void flush(Db db) {
        if (!systemPostings.isEmpty()) {
            postToSystemRows(db);
        }
        if (!journals.isEmpty()) {
            INSERT_JOURNAL.insertAll(db, journals);
        }
        if (!entries.isEmpty()) {
            INSERT_ENTRY.insertAll(db, entries);
        }
        journals.clear();
        entries.clear();
        systemPostings.clear();
    }

    private void postToSystemRows(Db db) {
        List<List<SystemPosting>> rows = new ArrayList<>(systemPostings.stream()
                .collect(Collectors.groupingBy(p -> List.of(p.platform(), p.row(), p.currency()),
                        LinkedHashMap::new, Collectors.toList()))
                .values());
        rows.sort(Comparator.comparing((List<SystemPosting> g) -> g.get(0).row())
                .thenComparing(g -> g.get(0).platform()));
        List<Object> values = new ArrayList<>();
        for (List<SystemPosting> postings : rows) {
            SystemPosting first = postings.get(0);
            values.addAll(List.of(first.platform(), first.row(), first.account(), first.currency(), total(postings),
                    postings.get(postings.size() - 1).at()));
        }
        Map<List<UUID>, Long> balances = new HashMap<>();
        upsertSystemRows(db, rows.size(), values)
                .forEach(r -> balances.put(List.of(r.get(LEDGER_ACCOUNTS.PLATFORM_ID), r.get(LEDGER_ACCOUNTS.ID)),
                        r.get(LEDGER_ACCOUNTS.POSTED_MINOR)));
        for (List<SystemPosting> postings : rows) {
            SystemPosting first = postings.get(0);
            Long balance = balances.get(List.of(first.platform(), first.row()));
            if (balance == null) {
                throw new IllegalStateException("account " + first.account() + " is not a system account in "
                        + first.currency());
            }
            long running = balance - total(postings);
            for (SystemPosting p : postings) {
                running += p.amountMinor();
                entry(p.platform(), p.journal(), first.row(), p.currency(), p.amountMinor(), running, p.at());
            }
        }
    }

    /** Their sum; a batch's postings to one row could pass a long's range, which must fail, not wrap. */
    /**
     * A system row moved past int64 (a sandbox simulator can post amounts no funded account limits) is refused as out
     * of range, as an owned account's is: PostgreSQL's overflow error would otherwise answer 500.
     */
    private static List<Record> upsertSystemRows(Db db, int rows, List<Object> values) {
        try {
            return UPSERTS.computeIfAbsent(rows, LedgerWrites::upsert).fetch(db, values.toArray());
        } catch (DataAccessException e) {
            if (SqlState.is(e, SqlState.NUMERIC_VALUE_OUT_OF_RANGE)) {
                throw outOfRange();
            }
            throw e;
        }
    }

    private static long total(List<SystemPosting> postings) {
        try {
            return postings.stream().mapToLong(SystemPosting::amountMinor).reduce(0, Math::addExact);
        } catch (ArithmeticException e) {
            throw outOfRange();
        }
    }

    private static InvalidInput outOfRange() {
        return new InvalidInput("AMOUNT_OUT_OF_RANGE", "A system account's balance would pass " + Long.MAX_VALUE);
    }

    /**
     * Adds amounts to n system rows (each created by its first posting) and returns their new balances. A row that
     * exists for another account or currency is left alone and missing from the result.
     */
    private static Statement upsert(int n) {
        return Statement.query(ctx -> {
            var insert = ctx.insertInto(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID,
                    LEDGER_ACCOUNTS.BUCKET_OF, LEDGER_ACCOUNTS.CURRENCY, LEDGER_ACCOUNTS.KIND,
                    LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.CREATED_AT, LEDGER_ACCOUNTS.UPDATED_AT);
            org.jooq.InsertValuesStep8<?, UUID, UUID, UUID, String, String, Long, OffsetDateTime, OffsetDateTime>
                    rowsSoFar = null;
            for (int i = 0; i < n; i++) {
                Field<OffsetDateTime> at = Statement.param("at" + i, LEDGER_ACCOUNTS.UPDATED_AT);
                var next = rowsSoFar == null ? insert : rowsSoFar;
                rowsSoFar = next.values(Statement.param("platform" + i, LEDGER_ACCOUNTS.PLATFORM_ID),
                        Statement.param("row" + i, LEDGER_ACCOUNTS.ID),
                        Statement.param("account" + i, LEDGER_ACCOUNTS.BUCKET_OF),
                        Statement.param("currency" + i, LEDGER_ACCOUNTS.CURRENCY), DSL.inline("SYSTEM"),
                        Statement.param("amount" + i, LEDGER_ACCOUNTS.POSTED_MINOR), at, at);
            }
            return rowsSoFar.onConflict(LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID)
                    .doUpdate()
                    .set(LEDGER_ACCOUNTS.POSTED_MINOR,
                            LEDGER_ACCOUNTS.POSTED_MINOR.plus(DSL.excluded(LEDGER_ACCOUNTS.POSTED_MINOR)))
                    .set(LEDGER_ACCOUNTS.UPDATED_AT, DSL.excluded(LEDGER_ACCOUNTS.UPDATED_AT))
                    // A system row holds one account in one currency; nothing else merges into it.
                    .where(LEDGER_ACCOUNTS.CURRENCY.eq(DSL.excluded(LEDGER_ACCOUNTS.CURRENCY))
                            .and(LEDGER_ACCOUNTS.KIND.eq(DSL.inline("SYSTEM")))
                            .and(LEDGER_ACCOUNTS.BUCKET_OF.eq(DSL.excluded(LEDGER_ACCOUNTS.BUCKET_OF))))
                    .returning(LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID, LEDGER_ACCOUNTS.POSTED_MINOR);
        });
    }
}
