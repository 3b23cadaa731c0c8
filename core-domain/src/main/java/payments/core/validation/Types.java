package payments.core.validation;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import payments.core.error.FieldError;
import payments.core.money.Currencies;

/** The value rules used by every request schema. Strings are bounded by default: nothing unbounded enters. */
public final class Types {
    public static final int DEFAULT_MAX_STRING = 1000;
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    private static final Pattern E164 = Pattern.compile("^\\+[1-9]\\d{1,14}$");
    private static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999999Z");

    private Types() {
    }

    public static JsonType string() {
        return string(1, DEFAULT_MAX_STRING);
    }

    public static JsonType string(int minLength, int maxLength) {
        return JsonType.described(Map.of("type", "string", "minLength", minLength, "maxLength", maxLength),
                (value, path, errors) -> {
            if (!(value instanceof String s)) {
                errors.add(new FieldError(path, "must be a string"));
                return null;
            }
            if (s.length() < minLength || s.length() > maxLength) {
                errors.add(new FieldError(path, "length must be between " + minLength + " and " + maxLength,
                        Map.of("minLength", minLength, "maxLength", maxLength)));
                return null;
            }
            return s;
        });
    }

    public static JsonType pattern(String regex, int minLength, int maxLength) {
        Pattern p = Pattern.compile(regex);
        JsonType base = string(minLength, maxLength);
        return JsonType.described(with(base.schema(), "pattern", regex), (value, path, errors) -> {
            Object s = base.check(value, path, errors);
            if (s != null && !p.matcher((String) s).matches()) {
                errors.add(new FieldError(path, "must match " + regex, Map.of("pattern", regex)));
                return null;
            }
            return s;
        });
    }

    /** {@code schema} with one more keyword. */
    private static Map<String, Object> with(Map<String, Object> schema, String keyword, Object value) {
        Map<String, Object> more = new java.util.LinkedHashMap<>(schema);
        more.put(keyword, value);
        return more;
    }

    private static JsonType format(String format, String message, java.util.function.Predicate<String> test) {
        JsonType base = string(1, 255);
        return JsonType.described(with(base.schema(), "format", format), (value, path, errors) -> {
            Object s = base.check(value, path, errors);
            if (s != null && !test.test((String) s)) {
                errors.add(new FieldError(path, message, Map.of("format", format)));
                return null;
            }
            return s;
        });
    }

    public static JsonType email() {
        return format("email", "must be an email address", s -> EMAIL.matcher(s).matches());
    }

    public static JsonType phone() {
        return format("e.164", "must be a phone number in E.164 form (+<digits>)", s -> E164.matcher(s).matches());
    }

    public static JsonType country() {
        return format("iso3166-1-alpha-2", "must be an ISO 3166-1 alpha-2 country code", COUNTRIES::contains);
    }

    public static JsonType currency() {
        return format("iso4217", "must be a supported currency code", s -> Currencies.find(s).isPresent());
    }

    public static JsonType date() {
        return format("date", "must be a date YYYY-MM-DD", s -> {
            try {
                return s.length() == 10 && LocalDate.parse(s) != null;
            } catch (DateTimeParseException e) {
                return false;
            }
        });
    }

    public static JsonType dateTime() {
        return format("date-time", "must be an ISO 8601 date-time with offset, in the years 0001 to 9999", s -> {
            try {
                return storable(OffsetDateTime.parse(s).toInstant());
            } catch (DateTimeParseException e) {
                return false;
            }
        });
    }

    /**
     * Whether an instant lies in ISO 8601's four-digit years, 0001 to 9999: Java parses far wider years than the
     * database's timestamps hold, and no payment needs them.
     */
    public static boolean storable(Instant t) {
        return !t.isBefore(EARLIEST) && !t.isAfter(LATEST);
    }

    /**
     * An http(s) URL with a host, a port a connection can use, and no credentials (they would be shown back in the
     * config and the delivery log, and the service's HTTP client does not send them).
     */
    public static JsonType uri() {
        return format("uri", "must be an http(s) URL with a host, without user info", s -> {
            try {
                java.net.URI u = new java.net.URI(s);
                return ("https".equals(u.getScheme()) || "http".equals(u.getScheme())) && u.getHost() != null
                        && u.getPort() <= 65_535 && u.getRawUserInfo() == null;
            } catch (java.net.URISyntaxException e) {
                return false;
            }
        });
    }

    public static JsonType oneOf(String... values) {
        List<String> allowed = List.of(values);
        return JsonType.described(Map.of("type", "string", "enum", allowed), (value, path, errors) -> {
            if (!(value instanceof String s) || !allowed.contains(s)) {
                errors.add(new FieldError(path, "must be one of " + allowed, Map.of("enum", allowed)));
                return null;
            }
            return s;
        });
    }

    public static <E extends Enum<E>> JsonType oneOf(Class<E> type) {
        return oneOf(Arrays.stream(type.getEnumConstants()).map(Enum::name).toArray(String[]::new));
    }

    public static JsonType bool() {
        return JsonType.described(Map.of("type", "boolean"), (value, path, errors) -> {
            if (!(value instanceof Boolean)) {
                errors.add(new FieldError(path, "must be a boolean"));
                return null;
            }
            return value;
        });
    }

    public static JsonType integer(long min, long max) {
        return JsonType.described(Map.of("type", "integer", "format", "int64", "minimum", min, "maximum", max),
                (value, path, errors) -> {
            if (value instanceof BigInteger || value instanceof Long || value instanceof Integer) {
                BigInteger n = new BigInteger(value.toString());
                if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
                    errors.add(new FieldError(path, "must be between " + min + " and " + max,
                            Map.of("minimum", min, "maximum", max)));
                    return null;
                }
                return n.longValueExact();
            }
            if (value instanceof BigDecimal || value instanceof Double) {
                errors.add(new FieldError(path, "must be an integer (amounts are in minor units)"));
                return null;
            }
            errors.add(new FieldError(path, "must be an integer"));
            return null;
        });
    }

    public static JsonType arrayOf(JsonType item, int minItems, int maxItems) {
        return JsonType.described(Map.of("type", "array", "items", item.schema(), "minItems", minItems,
                "maxItems", maxItems), (value, path, errors) -> {
            if (!(value instanceof List<?> list)) {
                errors.add(new FieldError(path, "must be an array"));
                return null;
            }
            if (list.size() < minItems || list.size() > maxItems) {
                errors.add(new FieldError(path, "must have between " + minItems + " and " + maxItems + " items"));
                return null;
            }
            int before = errors.size();
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                Object v = list.get(i) == null ? nullItem(path + "[" + i + "]", errors)
                        : item.check(list.get(i), path + "[" + i + "]", errors);
                out.add(v);
            }
            return errors.size() == before ? List.copyOf(out) : null;
        });
    }

    private static Object nullItem(String path, List<FieldError> errors) {
        errors.add(new FieldError(path, "must not be null"));
        return null;
    }

    /** A free-form object of at most {@code maxFields} keys with scalar values (key/value data such as payer info). */
    public static JsonType anyObject(int maxFields) {
        return JsonType.described(Map.of("type", "object", "maxProperties", maxFields, "additionalProperties",
                Map.of("type", List.of("string", "number", "boolean"))), (value, path, errors) -> {
            if (!(value instanceof Map<?, ?> map)) {
                errors.add(new FieldError(path, "must be a JSON object"));
                return null;
            }
            if (map.size() > maxFields) {
                errors.add(new FieldError(path, "must have at most " + maxFields + " fields"));
                return null;
            }
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object v = e.getValue();
                if (v instanceof Map || v instanceof List || (v instanceof String s && s.length() > DEFAULT_MAX_STRING)) {
                    errors.add(new FieldError(path + "." + e.getKey(), "must be a string, number or boolean"));
                    return null;
                }
                if (v instanceof Number n && !storableNumber(n)) {
                    errors.add(new FieldError(path + "." + e.getKey(), "must be a number of at most 18 integer "
                            + "digits and 18 decimals"));
                    return null;
                }
            }
            return map;
        });
    }

    /**
     * A free-form number the service can store and read back exactly: below 10^18 in magnitude, with at most 18
     * decimals (a larger one would be written as an integer no 64-bit reader takes back).
     */
    private static boolean storableNumber(Number n) {
        try {
            BigDecimal d = new BigDecimal(n.toString());
            return d.abs().compareTo(BigDecimal.TEN.pow(18)) < 0 && d.scale() <= 18;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** An object whose shape is chosen by the string in {@code discriminator} (for example {@code accountType}). */
    public static JsonType variants(String discriminator, Map<String, ObjectSchema> byValue) {
        List<String> allowed = List.copyOf(byValue.keySet());
        // Each variant pins its discriminator, so exactly one of them matches (OpenAPI's discriminator keyword
        // would need each variant published as a named schema).
        Map<String, Object> described = Map.of("oneOf", byValue.entrySet().stream()
                .map(e -> (Object) with(pinned(e.getValue().schema(), discriminator, e.getKey()), "title",
                        discriminator + " " + e.getKey())).toList());
        return JsonType.described(described, (value, path, errors) -> {
            if (!(value instanceof Map<?, ?> map)) {
                errors.add(new FieldError(path.isEmpty() ? "body" : path, "must be a JSON object"));
                return null;
            }
            Object kind = map.get(discriminator);
            String kindPath = path.isEmpty() ? discriminator : path + "." + discriminator;
            if (kind == null) {
                errors.add(new FieldError(kindPath, "is required"));
                return null;
            }
            ObjectSchema schema = kind instanceof String s ? byValue.get(s) : null;
            if (schema == null) {
                errors.add(new FieldError(kindPath, "must be one of " + allowed, Map.of("enum", allowed)));
                return null;
            }
            return schema.check(value, path, errors);
        });
    }

    /** {@code schema} with {@code property} required and fixed to {@code value}. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> pinned(Map<String, Object> schema, String property, String value) {
        Map<String, Object> copy = new java.util.LinkedHashMap<>(schema);
        Map<String, Object> properties = new java.util.LinkedHashMap<>((Map<String, Object>) schema.get("properties"));
        properties.put(property, Map.of("type", "string", "const", value));
        copy.put("properties", properties);
        List<Object> required = new java.util.ArrayList<>((List<Object>) schema.getOrDefault("required", List.of()));
        if (!required.contains(property)) {
            required.add(0, property);
        }
        copy.put("required", required);
        return copy;
    }
}
