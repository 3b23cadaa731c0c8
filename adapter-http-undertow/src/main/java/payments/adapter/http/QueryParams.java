package payments.adapter.http;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import payments.core.error.DomainError;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.page.KeyedPage;
import payments.core.page.PageCursor;
import payments.core.page.PageRequest;
import payments.core.validation.JsonType;
import payments.core.validation.StorableText;
import payments.core.validation.Types;

/**
 * Typed reads of the query string. Problems are collected, and {@link #done()} reports them all in one 400
 * together with any parameter the route does not know. A route reads only the parameters its {@link Operation}
 * declares, so that the published description lists every parameter the server reads.
 */
public final class QueryParams {
    /** How often a repeatable parameter may appear: enough for any real filter, bounded against abuse. */
    static final int MAX_REPEATS = 50;
    private final Map<String, Deque<String>> raw;
    private final Set<String> declared;
    private final Set<String> read = new HashSet<>();
    private final List<FieldError> errors = new ArrayList<>();

    /** @param declared the parameters the route's operation declares: the only ones it may read */
    public QueryParams(Map<String, Deque<String>> raw, Set<String> declared) {
        this.raw = raw;
        this.declared = declared;
    }

    public String string(String name) {
        reading(name);
        Deque<String> values = raw.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            errors.add(new FieldError(name, "must be given once"));
            return null;
        }
        String v = values.getFirst();
        String problem = problem(v);
        if (problem != null) {
            errors.add(new FieldError(name, problem));
            return null;
        }
        return v;
    }

    /** A parameter checked as a body field of {@code type} is (a country code, a pattern), or null. */
    public String checked(String name, JsonType type) {
        String v = string(name);
        return v == null ? null : (String) type.check(v, name, errors);
    }

    /** A repeatable parameter ({@code ?x=a&x=b}): every value in order, at most {@link #MAX_REPEATS}. */
    public List<String> strings(String name) {
        reading(name);
        Deque<String> values = raw.get(name);
        if (values == null) {
            return List.of();
        }
        if (values.size() > MAX_REPEATS) {
            errors.add(new FieldError(name, "may be given at most " + MAX_REPEATS + " times"));
            return List.of();
        }
        String problem = values.stream().map(QueryParams::problem).filter(p -> p != null).findFirst().orElse(null);
        if (problem != null) {
            errors.add(new FieldError(name, problem));
            return List.of();
        }
        return List.copyOf(values);
    }

    private void reading(String name) {
        if (!declared.contains(name)) {
            throw new IllegalStateException("The route reads the query parameter " + name
                    + ", which its operation does not declare");
        }
        read.add(name);
    }

    /** What is wrong with a value whatever its type, or null: too long, or not storable text (see JsonCodec). */
    private static String problem(String value) {
        return value.length() > 1000 ? "is too long" : StorableText.problem(value);
    }

    /** A whole number in plain ASCII digits (its range is the use case's to judge). */
    public Long integer(String name) {
        return parse(name, (n, v) -> Long.parseLong(digits(v)), "must be an integer");
    }

    /**
     * {@code v} if it is an optional minus and ASCII digits; Java's parsers also take a plus sign and other scripts'
     * digits (a full-width "１"), which a client never means to send.
     */
    private static String digits(String v) {
        if (!v.matches("-?[0-9]+")) {
            throw new IllegalArgumentException();
        }
        return v;
    }

    public Instant instant(String name) {
        return parse(name, (n, v) -> {
            Instant t = OffsetDateTime.parse(v).toInstant();
            if (!Types.storable(t)) {
                throw new IllegalArgumentException();
            }
            return t;
        }, "must be an ISO 8601 date-time in the years 0001 to 9999");
    }

    public Boolean bool(String name) {
        return parse(name, (n, v) -> {
            if (!v.equals("true") && !v.equals("false")) {
                throw new IllegalArgumentException();
            }
            return Boolean.valueOf(v);
        }, "must be true or false");
    }

    /** {@code sortOrder}: true for {@code asc}, false for {@code desc} or none (newest first). */
    public boolean ascending() {
        return Boolean.TRUE.equals(parse("sortOrder", (n, v) -> switch (v) {
            case "asc" -> true;
            case "desc" -> false;
            default -> throw new IllegalArgumentException();
        }, "must be asc or desc"));
    }

    public <E extends Enum<E>> E enumValue(String name, Class<E> type) {
        return parse(name, (n, v) -> Enum.valueOf(type, v),
                "must be one of " + Arrays.toString(type.getEnumConstants()));
    }

    public String currency(String name) {
        return parse(name, (n, v) -> {
            if (payments.core.money.Currencies.find(v).isEmpty()) {
                throw new IllegalArgumentException();
            }
            return v;
        }, "must be a supported currency code");
    }

    /** Parses an id with its typed parser, which reports a malformed id itself. */
    public <T> T id(String name, BiFunction<String, String, T> parser) {
        return parse(name, parser, null);
    }

    /** {@code limit} (1..100, default 20) and {@code cursor}. */
    public PageRequest page() {
        int limit = limit();
        PageCursor cursor = parse("cursor", (n, v) -> PageCursor.decode(v), null);
        return new PageRequest(limit, cursor);
    }

    /** {@code limit} (1..100, default 20) and {@code cursor} of a list held whole, paged by key ({@link KeyedPage}). */
    public KeyedPage.Request keyedPage() {
        int limit = limit();
        String after = parse("cursor", (n, v) -> KeyedPage.decode(v), null);
        return new KeyedPage.Request(limit, after);
    }

    /** {@code limit} alone (1..100, default 20): the latest items of a list that is not paged further. */
    public int limit() {
        Integer limit = parse("limit", (n, v) -> {
            int l = Integer.parseInt(digits(v));
            if (l < 1 || l > PageRequest.MAX_LIMIT) {
                throw new IllegalArgumentException();
            }
            return l;
        }, "must be an integer from 1 to " + PageRequest.MAX_LIMIT);
        return limit == null ? PageRequest.DEFAULT_LIMIT : limit;
    }

    private <T> T parse(String name, BiFunction<String, String, T> parser, String message) {
        String v = string(name);
        if (v == null) {
            return null;
        }
        try {
            return parser.apply(name, v);
        } catch (DomainError e) {
            List<FieldError> own = InvalidFields.errorsOf(e); // a parser naming the field says why on its own
            errors.addAll(own.isEmpty() ? List.of(new FieldError(name, e.getMessage())) : own);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            errors.add(new FieldError(name, message));
        }
        return null;
    }

    /** Call after the last read: unknown parameters and every bad value become one 400 INVALID_INPUT. */
    public void done() {
        for (String name : raw.keySet()) {
            if (!read.contains(name)) {
                errors.add(new FieldError(name, "unknown query parameter"));
            }
        }
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
    }
}
