package payments.adapter.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;

/**
 * JSON in and out. Requests are parsed into plain Java values (Map, List, String, Long or BigInteger, BigDecimal,
 * Boolean) for the core's schemas to judge; duplicate keys, trailing content, absurd nesting and U+0000 in any string
 * are refused here.
 */
public final class JsonCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32)
                    .maxNumberLength(64).maxStringLength(100_000).build())
            .build())
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            // Exchange rates as 0.000000000603, not 6.03E-10: both are JSON numbers, the first is what people read.
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    /** PostgreSQL keeps no U+0000 in text or jsonb, so no request text may hold one (body, query or path). */
    static final String NUL_MESSAGE = "must not contain the character U+0000";
    private static final byte[] NUL_ESCAPE = "\\u0000".getBytes(StandardCharsets.US_ASCII);

    private JsonCodec() {
    }

    /** The parsed body, or null for an empty body. */
    public static Object parse(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            Object value = MAPPER.readValue(body, Object.class);
            // JSON carries U+0000 only escaped, so a body without the escape needs no walk.
            if (indexOf(body, NUL_ESCAPE) >= 0) {
                String at = nulAt(value, "");
                if (at != null) {
                    throw InvalidFields.of(at.isEmpty() ? "body" : at, NUL_MESSAGE);
                }
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new InvalidInput("INVALID_INPUT", "Malformed JSON: " + e.getOriginalMessage(),
                    java.util.Map.of("line", e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
                            "column", e.getLocation() == null ? 0 : e.getLocation().getColumnNr()));
        } catch (IOException e) {
            throw new InvalidInput("INVALID_INPUT", "Unreadable request body");
        }
    }

    /** Where in a parsed value a string (or a key) holds U+0000, as a field path; null if nowhere. */
    private static String nulAt(Object value, String path) {
        if (value instanceof String s) {
            return s.indexOf('\0') >= 0 ? path : null;
        }
        if (value instanceof Map<?, ?> map) {
            for (var e : map.entrySet()) {
                String key = (String) e.getKey();
                String at = key.indexOf('\0') >= 0 ? path : nulAt(e.getValue(), path.isEmpty() ? key : path + "." + key);
                if (at != null) {
                    return at;
                }
            }
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                String at = nulAt(list.get(i), path + "[" + i + "]");
                if (at != null) {
                    return at;
                }
            }
        }
        return null;
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static final ObjectMapper CANONICAL = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    /** The same JSON value always gives the same bytes (keys sorted): what a request is recognised by. */
    public static byte[] canonical(Object value) {
        try {
            return CANONICAL.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("value not serialisable", e);
        }
    }

    public static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("response not serialisable", e);
        }
    }
}
