package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.core.ledger.LedgerBookModel.AT;
import static payments.core.ledger.LedgerBookModel.CURRENCY;
import static payments.core.ledger.LedgerBookModel.EUR;
import static payments.core.ledger.LedgerBookModel.FUNDING;
import static payments.core.ledger.LedgerBookModel.OWNED;
import static payments.core.ledger.LedgerBookModel.SETTLEMENT;
import static payments.core.ledger.LedgerBookModel.UNOPENED;
import static payments.core.ledger.LedgerBookModel.USD;
import static payments.core.ledger.LedgerBookModel.name;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.ActionChainArbitrary;
import net.jqwik.api.state.ChangeDetector;
import net.jqwik.api.state.Transformer;
import net.jqwik.api.statistics.Statistics;

/**
 * The ledger's invariants under random sequences of valid and invalid operations. Each step is checked against
 * {@link LedgerBookModel}'s own arithmetic (succeed or be refused without a trace), and after every step the book
 * must be consistent ({@link LedgerBook#checkInvariants()}) and agree with the model. Chains run 60 steps (jqwik
 * runs a chain to its maximum); checking after every step covers every shorter prefix, and shrinking shortens.
 * Named *Test so that surefire's default includes run it; the seed of a failure is reported and replayed.
 */
class LedgerBookPropertiesTest {
    // Three huge sums always exceed a long: overflow is reached within a chain.
    private static final long HUGE_MIN = Long.MAX_VALUE / 3 + 1;
    private static final long HUGE_MAX = Long.MAX_VALUE / 2;

    @Property
    void everyStepKeepsTheBookConsistent(@ForAll("chains") ActionChain<LedgerBookModel> chain) {
        chain.withInvariant("book consistent and as expected", LedgerBookModel::checkAgreement).run();
        Statistics.label("steps").collect(chain.transformations().size() / 10 * 10);
    }

    @Provide
    ActionChainArbitrary<LedgerBookModel> chains() {
        return ActionChain.startWith(LedgerBookModel::new)
                .withAction(3, new Fund())
                .withAction(4, new Transfer())
                .withAction(3, new TakeHold())
                .withAction(3, new PostHold())
                .withAction(2, new VoidHold())
                .withAction(1, new PostHoldTwice())
                .withAction(1, new RepostJournal())
                .withAction(1, new DuplicateHold())
                .withAction(1, new PostOutsideTheBook())
                .withMaxTransformations(60)
                .improveShrinkingWith(NoChange::new);
    }

    /** Lets shrinking drop first the steps that left the book as it was (refusals, mostly). */
    static final class NoChange implements ChangeDetector<LedgerBookModel> {
        private LedgerBookModel.Snapshot before;

        @Override
        public void before(LedgerBookModel state) {
            before = state.snapshot();
        }

        @Override
        public boolean hasChanged(LedgerBookModel state) {
            return !before.equals(state.snapshot());
        }
    }

    // ---- Valid actions (which the model may still expect to be refused, e.g. an overdraft) ----

    /** Money coming in from outside: the funding system account pays an owned account; rarely a huge sum. */
    static final class Fund implements Action.Independent<LedgerBookModel> {
        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer() {
            Arbitrary<Long> amounts = Arbitraries.frequencyOf(
                    Tuple.of(3, Arbitraries.longs().between(1, 10_000)),
                    Tuple.of(1, Arbitraries.longs().between(HUGE_MIN, HUGE_MAX)));
            return Combinators.combine(Arbitraries.of(OWNED), amounts).as((to, amount) -> Transformer.mutate(
                    "fund " + name(to) + " " + amount, m -> {
                        String currency = CURRENCY.get(to);
                        m.post(m.transfer(FUNDING.get(currency), to, currency, amount));
                    }));
        }
    }

    /** Between owned accounts of one currency (possibly the same one), within or just beyond what is available. */
    static final class Transfer implements Action.Dependent<LedgerBookModel> {
        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return Arbitraries.of(OWNED).flatMap(from -> Combinators.combine(
                    Arbitraries.of(LedgerBookModel.owned(CURRENCY.get(from))), amountAgainst(state.available(from)))
                    .as((to, amount) -> Transformer.mutate("transfer " + amount + " " + name(from) + "->" + name(to),
                            m -> m.post(m.transfer(from, to, CURRENCY.get(from), amount)))));
        }
    }

    static final class TakeHold implements Action.Dependent<LedgerBookModel> {
        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return Arbitraries.of(OWNED).flatMap(account -> amountAgainst(state.available(account)).map(
                    amount -> Transformer.mutate("hold " + amount + " on " + name(account),
                            m -> m.takeHold(Hold.pending(m.newId(), account, CURRENCY.get(account), amount)))));
        }
    }

    /**
     * Posts a hold to the settlement account, sometimes with a fee debited from the same account in the same
     * journal, sometimes with a journal that does not debit the held amount, sometimes on a resolved hold.
     */
    static final class PostHold implements Action.Dependent<LedgerBookModel> {
        @Override
        public boolean precondition(LedgerBookModel state) {
            return !state.holds.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return anyHold(state).flatMap(id -> {
                Hold hold = state.holds.get(id).hold();
                Arbitrary<Long> fees = Arbitraries.frequencyOf(
                        Tuple.of(2, Arbitraries.just(0L)), Tuple.of(1, amountAgainst(state.available(hold.account()))));
                Arbitrary<Long> debits = Arbitraries.frequencyOf(
                        Tuple.of(9, Arbitraries.just(hold.amountMinor())),
                        Tuple.of(1, Arbitraries.of(hold.amountMinor() + 1, Math.max(1, hold.amountMinor() - 1))));
                return Combinators.combine(fees, debits).as((fee, debit) -> Transformer.mutate(
                        "postHold " + id.getLeastSignificantBits() + " debit " + debit + " fee " + fee,
                        m -> ifHoldExists(m, id, () -> m.postHold(id, settle(m, hold, debit, fee)))));
            });
        }

        private static Journal settle(LedgerBookModel m, Hold hold, long debit, long fee) {
            String currency = hold.currency();
            List<Posting> postings = new ArrayList<>();
            postings.add(new Posting(hold.account(), currency, -debit));
            if (fee > 0 && debit <= Long.MAX_VALUE - fee) {
                postings.add(new Posting(hold.account(), currency, -fee));
                postings.add(new Posting(SETTLEMENT.get(currency), currency, debit + fee));
            } else {
                postings.add(new Posting(SETTLEMENT.get(currency), currency, debit));
            }
            return new Journal(m.newId(), "payout", "test", postings, AT);
        }
    }

    static final class VoidHold implements Action.Dependent<LedgerBookModel> {
        @Override
        public boolean precondition(LedgerBookModel state) {
            return !state.holds.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return anyHold(state).map(id -> Transformer.mutate("voidHold " + id.getLeastSignificantBits(),
                    m -> ifHoldExists(m, id, () -> m.voidHold(id))));
        }
    }

    // ---- Invalid actions: always refused, never a trace ----

    /** The same hold posted again with the very journal that posted it. */
    static final class PostHoldTwice implements Action.Dependent<LedgerBookModel> {
        @Override
        public boolean precondition(LedgerBookModel state) {
            return state.holds.values().stream().anyMatch(h -> h.status() == HoldStatus.POSTED);
        }

        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            List<UUID> posted = state.holds.entrySet().stream()
                    .filter(e -> e.getValue().status() == HoldStatus.POSTED).map(Map.Entry::getKey).toList();
            return Arbitraries.of(posted).map(id -> Transformer.mutate("postHold twice " + id.getLeastSignificantBits(),
                    m -> ifHoldExists(m, id, () -> {
                        Journal postedWith = m.holds.get(id).postedWith();
                        if (postedWith != null) {
                            m.postHold(id, postedWith);
                        }
                    })));
        }
    }

    static final class RepostJournal implements Action.Dependent<LedgerBookModel> {
        @Override
        public boolean precondition(LedgerBookModel state) {
            return !state.journals.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return Arbitraries.of(List.copyOf(state.journals)).map(j -> Transformer.mutate(
                    "repost journal " + j.id().getLeastSignificantBits(), m -> m.post(j)));
        }
    }

    /** A new hold under the id of an existing one. */
    static final class DuplicateHold implements Action.Dependent<LedgerBookModel> {
        @Override
        public boolean precondition(LedgerBookModel state) {
            return !state.holds.isEmpty();
        }

        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer(LedgerBookModel state) {
            return Combinators.combine(Arbitraries.of(List.copyOf(state.holds.keySet())), Arbitraries.of(OWNED))
                    .as((id, account) -> Transformer.mutate("hold again " + id.getLeastSignificantBits(),
                            m -> m.takeHold(Hold.pending(id, account, CURRENCY.get(account), 1))));
        }
    }

    /** A posting to an owned account that was never opened, or in a currency the account is not in. */
    static final class PostOutsideTheBook implements Action.Independent<LedgerBookModel> {
        @Override
        public Arbitrary<Transformer<LedgerBookModel>> transformer() {
            Arbitrary<Transformer<LedgerBookModel>> unopened = Arbitraries.of(USD, EUR).map(c -> Transformer.mutate(
                    "fund unopened in " + c, m -> m.post(m.transfer(FUNDING.get(c), UNOPENED, c, 1))));
            Arbitrary<Transformer<LedgerBookModel>> otherCurrency = Arbitraries.of(OWNED).map(a -> {
                String other = CURRENCY.get(a).equals(USD) ? EUR : USD;
                return Transformer.mutate("fund " + name(a) + " in " + other,
                        m -> m.post(m.transfer(FUNDING.get(other), a, other, 1)));
            });
            return Arbitraries.oneOf(unopened, otherCurrency);
        }
    }

    /**
     * Steps refer to holds by the id they had when generated; while shrinking, the step that took the hold may be
     * gone, and then the step does nothing rather than fail for a reason of its own.
     */
    private static void ifHoldExists(LedgerBookModel m, UUID id, Runnable step) {
        if (m.holds.containsKey(id)) {
            step.run();
        }
    }

    /** Mostly a pending hold (so holds get resolved), sometimes any, resolved ones included. */
    private static Arbitrary<UUID> anyHold(LedgerBookModel state) {
        List<UUID> all = List.copyOf(state.holds.keySet());
        List<UUID> pending = all.stream().filter(id -> state.holds.get(id).status() == HoldStatus.PENDING).toList();
        return pending.isEmpty() ? Arbitraries.of(all)
                : Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(pending)), Tuple.of(1, Arbitraries.of(all)));
    }

    /** Mostly an amount the account can cover (edges included), sometimes just beyond it. */
    private static Arbitrary<Long> amountAgainst(long available) {
        long over = available == Long.MAX_VALUE ? available : available + 1;
        Arbitrary<Long> beyond = Arbitraries.longs().between(over, over + Math.min(1_000, Long.MAX_VALUE - over));
        if (available <= 0) {
            return beyond;
        }
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.longs().between(1, available)), Tuple.of(1, beyond));
    }

    // ---- Journals on their own ----

    /** Whatever random balanced journals do (many are refused), each currency's posted balances sum to zero. */
    @Property
    void randomJournalsKeepEveryCurrencyAtZero(@ForAll("journalPostings") List<List<Posting>> batch) {
        LedgerBookModel m = new LedgerBookModel();
        OWNED.forEach(a -> m.book.post(m.transfer(FUNDING.get(CURRENCY.get(a)), a, CURRENCY.get(a), 3_000)));
        for (List<Posting> postings : batch) {
            Journal journal = new Journal(m.newId(), "random", "test", postings, AT);
            try {
                m.book.post(journal);
                Statistics.label("journal").collect("posted");
            } catch (InsufficientFunds e) {
                Statistics.label("journal").collect("refused");
            }
            Map<String, BigInteger> sums = new TreeMap<>(Map.of(USD, BigInteger.ZERO, EUR, BigInteger.ZERO));
            for (AccountRef a : m.book.accounts()) {
                sums.merge(CURRENCY.get(a), BigInteger.valueOf(m.book.balance(a).posted()), BigInteger::add);
            }
            assertEquals(Map.of(USD, BigInteger.ZERO, EUR, BigInteger.ZERO), sums);
            assertEquals(List.of(), m.book.checkInvariants());
        }
    }

    /** Changing one amount of a balanced set, or moving it to the other currency, leaves no journal to post. */
    @Property
    void unbalancedPostingsCannotMakeAJournal(@ForAll("balancedPostings") List<Posting> postings,
                                              @ForAll @IntRange(min = 0, max = 20) int which,
                                              @ForAll @LongRange(min = -1_000, max = 1_000) long delta,
                                              @ForAll boolean otherCurrency) {
        List<Posting> changed = new ArrayList<>(postings);
        Posting p = changed.get(which % changed.size());
        if (otherCurrency) {
            changed.set(which % changed.size(), new Posting(p.account(), p.currency().equals(USD) ? EUR : USD, p.amountMinor()));
        } else {
            Assume.that(delta != 0 && p.amountMinor() + delta != 0);
            changed.set(which % changed.size(), new Posting(p.account(), p.currency(), p.amountMinor() + delta));
        }
        new Journal(UUID.randomUUID(), "random", "test", postings, AT); // the original is fine
        assertThrows(IllegalArgumentException.class, () -> new Journal(UUID.randomUUID(), "random", "test", changed, AT));
    }

    @Provide
    Arbitrary<List<List<Posting>>> journalPostings() {
        return balancedPostings().list().ofMinSize(1).ofMaxSize(20);
    }

    /** One or two currencies, each a few random postings closed by a system account, in random order. */
    @Provide
    Arbitrary<List<Posting>> balancedPostings() {
        return Arbitraries.subsetOf(List.of(USD, EUR)).ofMinSize(1)
                .flatMap(currencies -> Combinators.combine(currencies.stream().map(this::balancedIn).toList())
                        .as(groups -> groups.stream().flatMap(List::stream).toList()))
                .flatMap(Arbitraries::shuffle);
    }

    private Arbitrary<List<Posting>> balancedIn(String currency) {
        List<AccountRef> accounts = new ArrayList<>(LedgerBookModel.owned(currency));
        accounts.add(FUNDING.get(currency));
        accounts.add(SETTLEMENT.get(currency));
        Arbitrary<Long> amounts = Arbitraries.longs().between(-5_000, 5_000).filter(x -> x != 0);
        Arbitrary<Posting> posting = Combinators.combine(Arbitraries.of(accounts), amounts)
                .as((a, x) -> new Posting(a, currency, x));
        Arbitrary<AccountRef> closers = Arbitraries.of(FUNDING.get(currency), SETTLEMENT.get(currency));
        return Combinators.combine(posting.list().ofMinSize(1).ofMaxSize(4), closers).as((list, closer) -> {
            long sum = list.stream().mapToLong(Posting::amountMinor).sum();
            List<Posting> all = new ArrayList<>(list);
            if (sum != 0) {
                all.add(new Posting(closer, currency, -sum));
            }
            return all;
        }).filter(all -> all.size() >= 2);
    }
}
