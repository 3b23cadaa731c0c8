package payments.adapter.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.json.JsonText;
import payments.core.validation.StorableText;

/**
 * JSON in and out. Requests are parsed into plain Java values (Map, List, String, Long or BigInteger, BigDecimal,
 * Boolean) for the core's schemas to judge; duplicate keys, trailing content, absurd nesting, and strings that
 * cannot be stored as the same text (U+0000, unpaired surrogates) are refused here.
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
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .registerModule(new SimpleModule().addSerializer(JsonText.class, new StdSerializer<>(JsonText.class) {
                @Override
                public void serialize(JsonText value, JsonGenerator out, SerializerProvider provider)
                        throws IOException {
                    out.writeRawValue(value.text()); // JSON the database checked as it stored it
                }
            }));


    private JsonCodec() {
    }

    /** The parsed body, or null for an empty body. */
    public static Object parse(byte[] body) {
        if (body.length == 0) {
            return null;
        }
        try {
            Object value = MAPPER.readValue(body, Object.class);
            FieldError bad = badTextIn(value, "");
            if (bad != null) {
                throw InvalidFields.of(bad.field().isEmpty() ? "body" : bad.field(), bad.message());
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

    /** The first string (or key) in a parsed value that {@link StorableText} refuses, with its field path; or null. */
    private static FieldError badTextIn(Object value, String path) {
        if (value instanceof String s) {
            String problem = StorableText.problem(s);
            return problem == null ? null : new FieldError(path, problem);
        }
        if (value instanceof Map<?, ?> map) {
            for (var e : map.entrySet()) {
                String key = (String) e.getKey();
                String problem = StorableText.problem(key);
                FieldError bad = problem != null ? new FieldError(path, "has a key that " + problem)
                        : badTextIn(e.getValue(), path.isEmpty() ? key : path + "." + key);
                if (bad != null) {
                    return bad;
                }
            }
        }
        if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                FieldError bad = badTextIn(list.get(i), path + "[" + i + "]");
                if (bad != null) {
                    return bad;
                }
            }
        }
        return null;
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
