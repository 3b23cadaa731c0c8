package payments.ports.fakes;

import java.util.UUID;
import payments.ports.driven.Ids;

/**
 * Ids 1, 2, 3, ... as readable version-4-shaped UUIDs. The counter sits in the leading and in the trailing hex
 * digits, so values derived from either end (a generated UMA address takes the last 64 bits, the random part of a
 * real id) still differ between ids.
 */
public final class SequentialIds implements Ids {
    private long next = 1;

    @Override
    public UUID newId() {
        long n = next++;
        return UUID.fromString(String.format("%08x-0000-4000-8000-%012x", n, n));
    }

    /** How many ids were handed out. */
    public long issued() {
        return next - 1;
    }
}
