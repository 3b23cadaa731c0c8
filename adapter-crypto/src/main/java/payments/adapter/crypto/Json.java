package payments.adapter.crypto;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.LinkedHashMap;

/**
 * The little JSON the wallet formats need: strict reading of one object (duplicate keys and trailing tokens are
 * errors, so a stamp or bundle cannot mean two things) and compact writing in a fixed key order.
 */
final class Json {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {
    }

    /** One JSON object from UTF-8 bytes; {@link IllegalArgumentException} if it is anything else. */
    static JsonNode object(byte[] utf8) {
        try {
            JsonNode node = MAPPER.readTree(utf8);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON");
        }
    }

    /** A required string member. Extra members are ignored by callers; wrong types are not. */
    static String text(JsonNode object, String field) {
        JsonNode value = object.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("missing string field " + field);
        }
        return value.textValue();
    }

    /** Compact JSON of string pairs, keys in the order given (key, value, key, value, ...). */
    static String write(String... keysAndValues) {
        LinkedHashMap<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        try {
            return MAPPER.writeValueAsString(map);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("JSON writing of strings failed", e);
        }
    }
}
