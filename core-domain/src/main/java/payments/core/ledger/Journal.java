package payments.core.ledger;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One movement of money: postings that balance per currency (their sum is zero), so money never appears or
 * disappears. Construction refuses an unbalanced set; nothing else can build a journal.
 */
public record Journal(UUID id, String kind, String reference, List<Posting> postings, Instant at) {
    public Journal {
        postings = List.copyOf(postings);
        if (postings.size() < 2) {
            throw new IllegalArgumentException("a journal needs at least two postings");
        }
        Map<String, Long> sums = new HashMap<>();
        for (Posting p : postings) {
            sums.merge(p.currency(), p.amountMinor(), Math::addExact);
        }
        sums.forEach((currency, sum) -> {
            if (sum != 0) {
                throw new IllegalArgumentException("journal does not balance in " + currency + ": " + sum);
            }
        });
    }

    /** The simplest movement: {@code amountMinor} from one account to another in one currency. */
    public static Journal transfer(UUID id, String kind, String reference, AccountRef from, AccountRef to, String currency,
                                   long amountMinor, Instant at) {
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("a transfer moves a positive amount");
        }
        return new Journal(id, kind, reference,
                List.of(new Posting(from, currency, -amountMinor), new Posting(to, currency, amountMinor)), at);
    }
}
