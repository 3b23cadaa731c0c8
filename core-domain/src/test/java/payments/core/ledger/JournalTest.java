package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;

class JournalTest {
    private static final Instant AT = Instant.parse("2025-01-01T00:00:00Z");
    private static final PlatformId P = new PlatformId(UUID.fromString("00000000-0000-4000-8000-000000000001"));
    private static final AccountRef A = AccountRef.owned(UUID.fromString("00000000-0000-4000-8000-00000000000a"));
    private static final AccountRef B = AccountRef.owned(UUID.fromString("00000000-0000-4000-8000-00000000000b"));
    private static final AccountRef RAIL = AccountRef.system(P, "RAIL", "USD");

    private static Journal journal(Posting... postings) {
        return new Journal(UUID.randomUUID(), "TEST", "ref", List.of(postings), AT);
    }

    @Test
    void an_unbalanced_journal_is_refused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> journal(new Posting(A, "USD", 100), new Posting(B, "USD", -99)));

        assertTrue(e.getMessage().contains("USD"), e.getMessage());
    }

    @Test
    void a_journal_needs_at_least_two_postings() {
        assertThrows(IllegalArgumentException.class, () -> journal(new Posting(A, "USD", 1)));
        assertThrows(IllegalArgumentException.class, () -> journal());
    }

    @Test
    void a_multi_currency_journal_balances_per_currency() {
        Journal j = journal(new Posting(A, "USD", -100), new Posting(RAIL, "USD", 100),
                new Posting(RAIL, "EUR", -90), new Posting(B, "EUR", 90));

        assertEquals(4, j.postings().size());
    }

    @Test
    void amounts_in_two_currencies_do_not_offset_each_other() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> journal(new Posting(A, "USD", -100), new Posting(B, "EUR", 100)));

        assertTrue(e.getMessage().contains("does not balance"), e.getMessage());
    }

    @Test
    void one_balanced_currency_does_not_excuse_another_unbalanced_one() {
        assertThrows(IllegalArgumentException.class, () -> journal(new Posting(A, "USD", -100),
                new Posting(B, "USD", 100), new Posting(A, "EUR", -5), new Posting(B, "EUR", 4)));
    }

    @Test
    void a_posting_moves_a_non_zero_amount_of_a_named_currency_to_a_named_account() {
        assertThrows(IllegalArgumentException.class, () -> new Posting(A, "USD", 0));
        assertThrows(IllegalArgumentException.class, () -> new Posting(null, "USD", 1));
        assertThrows(IllegalArgumentException.class, () -> new Posting(A, null, 1));
    }

    @Test
    void a_transfer_moves_a_positive_amount_from_one_account_to_another() {
        Journal j = Journal.transfer(UUID.randomUUID(), "FUND", "r", RAIL, A, "USD", 250, AT);

        assertEquals(List.of(new Posting(RAIL, "USD", -250), new Posting(A, "USD", 250)), j.postings());
        assertThrows(IllegalArgumentException.class,
                () -> Journal.transfer(UUID.randomUUID(), "FUND", "r", RAIL, A, "USD", 0, AT));
        assertThrows(IllegalArgumentException.class,
                () -> Journal.transfer(UUID.randomUUID(), "FUND", "r", RAIL, A, "USD", -5, AT));
    }

    @Test
    void the_postings_cannot_be_changed_after_construction() {
        List<Posting> postings = new ArrayList<>(List.of(new Posting(A, "USD", -1), new Posting(B, "USD", 1)));
        Journal j = new Journal(UUID.randomUUID(), "TEST", "ref", postings, AT);

        postings.add(new Posting(B, "USD", 1_000_000));

        assertEquals(2, j.postings().size());
        assertThrows(UnsupportedOperationException.class, () -> j.postings().add(new Posting(A, "USD", 5)));
    }

    @Test
    void system_account_ids_are_derived_from_platform_purpose_and_currency() {
        assertEquals(RAIL, AccountRef.system(P, "RAIL", "USD"));
        assertTrue(RAIL.system());
        assertTrue(!AccountRef.system(P, "RAIL", "EUR").equals(RAIL));
        assertTrue(!AccountRef.system(P, "OTHER", "USD").equals(RAIL));
        assertTrue(!A.system());
    }

    @Property
    void every_transfer_balances(@ForAll @LongRange(min = 1) long amount) {
        Journal j = Journal.transfer(UUID.randomUUID(), "T", "r", A, B, "USD", amount, AT);

        assertEquals(0L, j.postings().stream().mapToLong(Posting::amountMinor).sum());
    }
}
