package payments.adapter.persistence;

import static payments.adapter.persistence.schema.Tables.LEDGER_ACCOUNTS;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.LinkedHashMap;
import java.util.stream.Collectors;
import org.jooq.impl.DSL;

/**
 * A transaction's postings to system accounts, applied just before it commits. Every payment of a currency touches
 * the same few system accounts (rail settlement, liquidity, revenue), so their row locks decide how many payments
 * commit per second. Two things keep them short: the postings go last, so a lock is held for the last statements
 * and the commit instead of the whole transaction; and each account is spread over {@value #BUCKETS} rows (migration
 * V7), chosen by journal, so concurrent payments mostly lock different rows. System accounts have no floor, so
 * nothing earlier in the transaction depends on their balance.
 */
final class SystemPostings implements Db.BeforeCommit {
    static final int BUCKETS = 16;

    private record Pending(UUID platform, UUID journal, UUID account, String currency, long amountMinor,
                           OffsetDateTime at) {
        /** The row this posting lands on: the account's own id for bucket 0, a name-based id for the others. */
        UUID row() {
            int bucket = Math.floorMod(journal.hashCode(), BUCKETS);
            return bucket == 0 ? account : UUID.nameUUIDFromBytes((account + "/" + bucket)
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    /** Adds an amount to a system account (created by its first posting); returns the new balance. */
    private static final Statement UPSERT = Statement.query(ctx -> {
        var amount = Statement.param(LEDGER_ACCOUNTS.POSTED_MINOR);
        var at = Statement.param(LEDGER_ACCOUNTS.UPDATED_AT);
        var currency = Statement.param(LEDGER_ACCOUNTS.CURRENCY);
        return ctx.insertInto(LEDGER_ACCOUNTS, LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID,
                        LEDGER_ACCOUNTS.BUCKET_OF, LEDGER_ACCOUNTS.CURRENCY, LEDGER_ACCOUNTS.KIND,
                        LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.CREATED_AT, LEDGER_ACCOUNTS.UPDATED_AT)
                .values(Statement.param(LEDGER_ACCOUNTS.PLATFORM_ID), Statement.param(LEDGER_ACCOUNTS.ID),
                        Statement.param(LEDGER_ACCOUNTS.BUCKET_OF), currency, DSL.inline("SYSTEM"), amount, at, at)
                .onConflict(LEDGER_ACCOUNTS.PLATFORM_ID, LEDGER_ACCOUNTS.ID)
                .doUpdate()
                .set(LEDGER_ACCOUNTS.POSTED_MINOR, LEDGER_ACCOUNTS.POSTED_MINOR.plus(amount))
                .set(LEDGER_ACCOUNTS.UPDATED_AT, at)
                // A system account holds one currency; a posting in another must not merge into it.
                .where(LEDGER_ACCOUNTS.CURRENCY.eq(currency).and(LEDGER_ACCOUNTS.KIND.eq("SYSTEM"))
                        .and(LEDGER_ACCOUNTS.BUCKET_OF.eq(Statement.param(LEDGER_ACCOUNTS.BUCKET_OF))))
                .returning(LEDGER_ACCOUNTS.POSTED_MINOR);
    });

    private final List<Pending> pending = new ArrayList<>();

    void add(UUID platform, UUID journal, UUID account, String currency, long amountMinor, OffsetDateTime at) {
        pending.add(new Pending(platform, journal, account, currency, amountMinor, at));
    }

    /**
     * One upsert per bucket row, in row order (so concurrent commits never deadlock), then the entries with their
     * running balances, counted back from the balance the upsert returned.
     */
    @Override
    public void flush(Db db) {
        if (pending.isEmpty()) {
            return;
        }
        List<Object[]> entries = new ArrayList<>();
        List<List<Pending>> byRow = new ArrayList<>(pending.stream()
                .collect(Collectors.groupingBy(p -> List.of(p.platform(), p.row(), p.currency()),
                        LinkedHashMap::new, Collectors.toList()))
                .values());
        byRow.sort(Comparator.comparing((List<Pending> g) -> g.get(0).row())
                .thenComparing(g -> g.get(0).platform()));
        for (List<Pending> postings : byRow) {
            Pending first = postings.get(0);
            long total = postings.stream().mapToLong(Pending::amountMinor).sum();
            UUID row = first.row();
            long balance = UPSERT.fetchOptional(db, first.platform(), row, first.account(), first.currency(), total,
                            postings.get(postings.size() - 1).at())
                    .map(r -> r.get(LEDGER_ACCOUNTS.POSTED_MINOR))
                    .orElseThrow(() -> new IllegalStateException("account " + first.account()
                            + " is not a system account in " + first.currency()));
            long running = balance - total;
            for (Pending p : postings) {
                running += p.amountMinor();
                entries.add(new Object[] {p.platform(), p.journal(), row, p.currency(), p.amountMinor(), running,
                    p.at()});
            }
        }
        JooqLedger.INSERT_ENTRY.executeBatch(db, entries);
        pending.clear();
    }
}
