package payments.adapter.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.jooq.JSONB;

/** Plain JSON values (maps, lists, strings, longs) to and from jsonb columns. Integers read back as Long. */
final class JsonColumns {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS);

    private JsonColumns() {
    }

    static JSONB write(Object value) {
        try {
            return JSONB.valueOf(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not serialisable as JSON", e);
        }
    }

    static Map<String, Object> readObject(JSONB json) {
        return read(json, new TypeReference<>() { });
    }

    static Object readAny(JSONB json) {
        return read(json, new TypeReference<Object>() { });
    }

    static List<Map<String, Object>> readList(Object json) {
        return MAPPER.convertValue(json, new TypeReference<>() { });
    }

    private static <T> T read(JSONB json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json.data(), type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }
}
