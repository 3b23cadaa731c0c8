package payments.core.json;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;

/**
 * An instant written exactly as {@link Instant#toString()} writes it (ISO 8601 in UTC, the fraction in groups of
 * three digits, as many as it needs), without going through a {@code DateTimeFormatter}: a payment writes its
 * timestamps many times (its JSON, its bound rows), and the formatters take a noticeable share of a transfer-out's
 * CPU (docs/PERFORMANCE.md).
 */
public final class IsoInstant {
    /** Years 1 to 9999 have four digits and no sign; other years are left to {@link Instant#toString()}. */
    private static final long FIRST_SECOND = Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
    private static final long LAST_SECOND = Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final int SECONDS_PER_DAY = 86_400;

    private IsoInstant() {
    }

    public static String format(Instant instant) {
        long epochSecond = instant.getEpochSecond();
        if (epochSecond < FIRST_SECOND || epochSecond > LAST_SECOND) {
            return instant.toString();
        }
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(epochSecond, SECONDS_PER_DAY));
        int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
        int nanos = instant.getNano();
        int fraction = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        byte[] out = new byte[20 + (fraction == 0 ? 0 : 1 + fraction)];
        digits(out, 0, date.getYear(), 4);
        out[4] = '-';
        digits(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        digits(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        digits(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        digits(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        digits(out, 17, secondOfDay % 60, 2);
        if (fraction != 0) {
            out[19] = '.';
            digits(out, 20, fraction == 3 ? nanos / 1_000_000 : fraction == 6 ? nanos / 1_000 : nanos, fraction);
        }
        out[out.length - 1] = 'Z';
        return new String(out, StandardCharsets.US_ASCII);
    }

    /** A non-negative number written into {@code width} digits from {@code at}, left-padded with zeros. */
    private static void digits(byte[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }
}
