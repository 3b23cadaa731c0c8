package payments.core.validation;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON object that passed its {@link ObjectSchema}: typed reads of its fields. Absent and null fields read as
 * empty. {@link #toPlain()} gives back plain maps and lists for storage or echoing.
 */
public final class Fields {
    private final Map<String, Object> values;

    Fields(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    public static Fields empty() {
        return new Fields(new LinkedHashMap<>());
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public Optional<String> string(String name) {
        return Optional.ofNullable((String) values.get(name));
    }

    public Optional<Long> number(String name) {
        return Optional.ofNullable((Long) values.get(name));
    }

    public Optional<Boolean> bool(String name) {
        return Optional.ofNullable((Boolean) values.get(name));
    }

    public Optional<Fields> object(String name) {
        return Optional.ofNullable((Fields) values.get(name));
    }

    @SuppressWarnings("unchecked")
    public <T> Optional<List<T>> list(String name) {
        return Optional.ofNullable((List<T>) values.get(name));
    }

    /** A date-time, kept to the microsecond as PostgreSQL keeps it, so what a write answers equals what reads show. */
    public Optional<Instant> instant(String name) {
        return string(name).map(s -> OffsetDateTime.parse(s).toInstant().truncatedTo(ChronoUnit.MICROS));
    }

    public Optional<LocalDate> date(String name) {
        return string(name).map(LocalDate::parse);
    }

    /** The named fields that are present, as plain values in the order named (for echoing them back). */
    public Map<String, Object> pick(String... names) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> plain = toPlain();
        for (String name : names) {
            if (plain.containsKey(name)) {
                out.put(name, plain.get(name));
            }
        }
        return out;
    }

    public Map<String, Object> toPlain() {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, plain(v)));
        return out;
    }

    private static Object plain(Object v) {
        if (v instanceof Fields f) {
            return f.toPlain();
        }
        if (v instanceof List<?> list) {
            return list.stream().map(Fields::plain).toList();
        }
        return v;
    }
}
