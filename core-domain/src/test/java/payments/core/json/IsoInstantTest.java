package payments.core.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IsoInstantTest {
    private static final long FIRST = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
    private static final long LAST = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();

    @Test
    void writesWhatInstantToStringWritesForRandomInstantsOfEveryPrecision() {
        Random random = new Random(16);
        for (int i = 0; i < 200_000; i++) {
            long second = FIRST + (long) (random.nextDouble() * (LAST - FIRST + 1));
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(second, nanos);
            assertEquals(instant.toString(), IsoInstant.format(instant));
        }
    }

    @Test
    void writesTheEdgesOfItsRangeAndBeyondAsInstantDoes() {
        for (String text : new String[] {"0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
                "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2024-02-29T12:00:00.000001Z",
                "0000-12-31T23:59:59Z", "+10000-01-01T00:00:00Z", "-0001-06-01T00:00:00.5Z"}) {
            Instant instant = Instant.parse(text);
            assertEquals(instant.toString(), IsoInstant.format(instant), text);
        }
        assertEquals("2026-11-25T02:40:38.100Z", IsoInstant.format(Instant.parse("2026-11-25T02:40:38.1Z")));
        assertEquals("2026-11-25T02:40:00Z", IsoInstant.format(Instant.parse("2026-11-25T02:40:00Z")));
    }
}
