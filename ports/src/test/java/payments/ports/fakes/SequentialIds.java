package payments.ports.fakes;

import java.util.UUID;
import payments.ports.driven.Ids;

/**
 * Ids 1, 2, 3, ... as readable version-4-shaped UUIDs. The counter sits in the leading hex digits too, so values
 * derived from an id's prefix (such as a generated UMA address) still differ between ids.
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
