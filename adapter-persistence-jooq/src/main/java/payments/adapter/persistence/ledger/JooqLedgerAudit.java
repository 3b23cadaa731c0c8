package payments.adapter.persistence.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import payments.adapter.persistence.Db;
import payments.core.cardnetwork.CardTransaction;
import payments.core.id.PlatformId;
import payments.core.ledger.LedgerEntry;
import payments.ports.driven.ledger.LedgerAudit;

/** The reconciliation queries: each returns the rows that break one invariant of the books. */
public final class JooqLedgerAudit implements LedgerAudit {
    private record Check(String invariant, String sql) {
    }

    private static final List<Check> CHECKS = List.of(
            new Check("journal does not balance (journal, currency, sum)", """
                    select journal_id::text, currency, sum(amount_minor)::text from ledger_entries
                    where platform_id = ? group by journal_id, currency having sum(amount_minor) <> 0"""),
            new Check("balances of a currency do not sum to zero (currency, sum)", """
                    select currency, sum(posted_minor)::text from ledger_accounts
                    where platform_id = ? group by currency having sum(posted_minor) <> 0"""),
            new Check("account balance differs from the sum of its entries (account, balance, sum)", """
                    select a.id::text, a.posted_minor::text, coalesce(e.total, 0)::text from ledger_accounts a
                    left join (select account_id, sum(amount_minor) as total from ledger_entries
                               where platform_id = ? group by account_id) e on e.account_id = a.id
                    where a.platform_id = ? and a.posted_minor <> coalesce(e.total, 0)"""),
            new Check("running balance of the last entry differs from the account balance (account)", """
                    select a.id::text from ledger_accounts a
                    join (select distinct on (account_id) account_id, balance_after_minor from ledger_entries
                          where platform_id = ? order by account_id, id desc) last on last.account_id = a.id
                    where a.platform_id = ? and a.posted_minor <> last.balance_after_minor"""),
            new Check("held amount differs from the pending holds (account, held, pending)", """
                    select a.id::text, a.held_minor::text, coalesce(h.total, 0)::text from ledger_accounts a
                    left join (select account_id, sum(amount_minor) as total from ledger_holds
                               where platform_id = ? and status = 'PENDING' group by account_id) h
                           on h.account_id = a.id
                    where a.platform_id = ? and a.held_minor <> coalesce(h.total, 0)"""),
            new Check("owned account below zero (account)", """
                    select id::text from ledger_accounts
                    where platform_id = ? and kind <> 'SYSTEM' and posted_minor - held_minor < 0"""),
            new Check("hold resolution inconsistent (hold, status)", """
                    select id::text, status from ledger_holds where platform_id = ?
                    and ((status = 'PENDING') <> (resolved_at is null))"""),
            // Posting a hold both releases it and moves its amount: a hold marked POSTED without that journal would
            // have given the money back to spend. (Joined on aggregates, not correlated per hold: a platform's books
            // hold hundreds of thousands of holds, and entries are not indexed by journal.)
            new Check("posted hold whose transaction's journals do not move its amount out of its account "
                    + "(hold, transaction, amount)", """
                    select h.id::text, 'Transaction:' || t.id::text, h.amount_minor::text
                    from ledger_holds h
                    join transactions t on t.platform_id = h.platform_id and t.hold_id = h.id
                    where h.platform_id = ? and h.status = 'POSTED' and not exists (
                        select 1 from ledger_journals j
                        join (select journal_id, account_id, sum(amount_minor) as moved from ledger_entries
                              where platform_id = ? group by journal_id, account_id) m on m.journal_id = j.id
                        where j.platform_id = h.platform_id and j.reference = 'Transaction:' || t.id::text
                          and m.account_id = h.account_id and m.moved = -h.amount_minor)"""),
            new Check("card transaction's held amount differs from its pending hold (card transaction, held, hold)",
                    """
                    select 'CardTransaction:' || c.id::text, c.held_minor::text, coalesce(h.amount_minor, 0)::text
                    from card_transactions c
                    left join ledger_holds h on h.platform_id = c.platform_id and h.id = c.hold_id
                                            and h.status = 'PENDING'
                    where c.platform_id = ? and c.held_minor <> coalesce(h.amount_minor, 0)"""),
            // A debit's account gave what was settled, less what was returned and what is still owed (a pull pending
            // or failed, kept as a receivable); a credit's account received what was settled.
            new Check("card transaction's funding account moves differ from what it settled, refunded and is owed "
                    + "(card transaction, moved, expected)", """
                    select 'CardTransaction:' || c.id::text, coalesce(m.moved, 0)::text, x.expected::text
                    from card_transactions c
                    cross join lateral (select case when c.direction = 'DEBIT'
                        then c.refunded_minor + c.owed_minor - c.settled_minor else c.settled_minor end as expected) x
                    left join (select j.reference, e.account_id, sum(e.amount_minor) as moved
                               from ledger_journals j
                               join ledger_entries e on e.platform_id = j.platform_id and e.journal_id = j.id
                               where j.platform_id = ? and j.kind = 'CARD'
                               group by j.reference, e.account_id) m
                           on m.reference = 'CardTransaction:' || c.id::text and m.account_id = c.account_id
                    where c.platform_id = ? and coalesce(m.moved, 0) <> x.expected"""),
            new Check("completed transaction without a journal (transaction)", """
                    select t.id::text from transactions t where t.platform_id = ? and t.status = 'COMPLETED'
                    and not exists (select 1 from ledger_journals j where j.platform_id = t.platform_id
                                    and j.reference = 'Transaction:' || t.id::text)"""),
            new Check("completed stablecoin operation without a journal (operation)", """
                    select o.id::text from stablecoin_operations o where o.platform_id = ? and o.status = 'COMPLETED'
                    and not exists (select 1 from ledger_journals j where j.platform_id = o.platform_id
                                    and j.reference = 'StablecoinOperation:' || o.id::text)"""),
            // A coin's supply (its completed mints less its completed burns) is minus its ISSUED account's balance.
            new Check("stablecoin supply differs from its ISSUED ledger account (stablecoin, supply, ledger)", """
                    select s.id::text, coalesce(o.supply, 0)::text, (-coalesce(l.posted, 0))::text
                    from stablecoins s
                    left join (select stablecoin_id, sum(case operation_type when 'MINT' then amount
                                                         else -amount end) as supply
                               from stablecoin_operations where platform_id = ? and status = 'COMPLETED'
                               group by stablecoin_id) o on o.stablecoin_id = s.id
                    left join (select bucket_of, sum(posted_minor) as posted from ledger_accounts
                               where platform_id = ? and kind = 'SYSTEM' group by bucket_of) l
                           on l.bucket_of = s.issued_account_id
                    where s.platform_id = ? and coalesce(o.supply, 0) <> -coalesce(l.posted, 0)"""),
            // The hold of an operation that spends from an internal account ends with the operation.
            new Check("stablecoin operation whose hold does not match its status (operation, status, hold)", """
                    select o.id::text, o.status, h.status from stablecoin_operations o
                    join ledger_holds h on h.platform_id = o.platform_id and h.id = o.hold_id
                    where o.platform_id = ? and h.status <> case o.status when 'COMPLETED' then 'POSTED'
                        when 'FAILED' then 'VOIDED' when 'EXPIRED' then 'VOIDED' else 'PENDING' end"""));

    private final Db db;

    public JooqLedgerAudit(Db db) {
        this.db = db;
    }

    @Override
    public List<String> violations(PlatformId platform) {
        List<String> found = new ArrayList<>();
        for (Check check : CHECKS) {
            int parameters = check.sql().split("\\?", -1).length - 1;
            Object[] bindings = new Object[parameters];
            java.util.Arrays.fill(bindings, platform.value());
            for (var row : db.ctx().fetch(check.sql(), bindings)) {
                found.add(check.invariant() + ": " + String.join(", ",
                        java.util.Arrays.stream(row.intoArray()).map(String::valueOf).toList()));
            }
        }
        return found;
    }

    /** By the account's index; each entry's journal by its key. */
    @Override
    public List<LedgerEntry> entries(PlatformId platform, UUID account, int limit) {
        return db.ctx().fetch("""
                        select e.journal_id, j.kind, j.reference, e.currency, e.amount_minor, e.balance_after_minor,
                               e.created_at
                        from ledger_entries e
                        join ledger_journals j on j.platform_id = e.platform_id and j.id = e.journal_id
                        where e.platform_id = ? and e.account_id = ?
                        order by e.id desc limit ?""", platform.value(), account, limit)
                .map(r -> new LedgerEntry(r.get(0, UUID.class), r.get(1, String.class), r.get(2, String.class),
                        r.get(3, String.class), r.get(4, Long.class), r.get(5, Long.class),
                        r.get(6, java.time.OffsetDateTime.class).toInstant()));
    }

    @Override
    public List<PlatformId> platforms() {
        return db.ctx().fetch("select distinct platform_id from ledger_accounts").getValues(0, UUID.class)
                .stream().map(PlatformId::new).toList();
    }
}
