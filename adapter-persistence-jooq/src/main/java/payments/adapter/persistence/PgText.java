package payments.adapter.persistence;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.UUID;
import org.jooq.JSON;
import payments.core.json.IsoInstant;

/** Column values as PostgreSQL's text input reads them: the elements of the arrays a many-row write binds. */
final class PgText {
    private PgText() {
    }

    static String of(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        } else if (value instanceof JSON json) {
            return json.data();
        } else if (value instanceof byte[] bytes) {
            return "\\x" + HexFormat.of().formatHex(bytes);
        } else if (value instanceof OffsetDateTime time) {
            return of(time);
        } else if (value instanceof UUID || value instanceof Number || value instanceof Boolean) {
            return value.toString();
        } else if (value instanceof LocalDate date && date.getYear() >= 1 && date.getYear() <= 9999) {
            return date.toString();
        }
        throw new IllegalArgumentException("no text form for a " + value.getClass().getName() + " column value");
    }

    /**
     * A date-time as PostgreSQL reads it: ISO 8601 for the years 0001 to 9999, its years written as PostgreSQL
     * writes them otherwise (no sign past 9999, an era before year 1: ISO's year 0 is 1 BC).
     */
    static String of(OffsetDateTime time) {
        int year = time.getYear();
        if (year >= 1 && year <= 9999) {
            // Every bound date-time is in UTC (Keyset.utc), written without a formatter.
            return time.getOffset().equals(ZoneOffset.UTC) ? IsoInstant.format(time.toInstant()) : time.toString();
        }
        String iso = time.toString();
        String afterYear = iso.substring(iso.indexOf('-', 1));
        return year > 9999 ? year + afterYear : String.format("%04d", 1 - year) + afterYear + " BC";
    }
}
