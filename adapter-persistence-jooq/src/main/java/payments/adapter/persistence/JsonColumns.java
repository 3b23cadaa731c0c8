package payments.adapter.persistence;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.util.List;
import java.util.Map;
import org.jooq.JSON;

/**
 * Plain JSON values (maps, lists, strings, longs, decimals) to and from json columns. Integers read back as Long, and
 * decimals (exchange rates) as the BigDecimal written, every digit kept and written plain, never as a double.
 */
public final class JsonColumns {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    /** Readers made once, rather than a type reference resolved on every read. */
    private static final ObjectReader OBJECT = MAPPER.readerFor(new TypeReference<Map<String, Object>>() { });
    private static final ObjectReader ANY = MAPPER.readerFor(Object.class);

    private JsonColumns() {
    }

    public static JSON write(Object value) {
        try {
            return JSON.valueOf(MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not serialisable as JSON", e);
        }
    }

    public static Map<String, Object> readObject(JSON json) {
        return read(json, OBJECT);
    }

    public static Object readAny(JSON json) {
        return read(json, ANY);
    }

    /**
     * A list of JSON objects out of a value read by {@link #readObject} or {@link #readAny}, which already reads an
     * array of objects as a list of maps: it is checked, not converted again (null stays null).
     */
    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> readList(Object json) {
        if (json == null) {
            return null;
        }
        if (!(json instanceof List<?> list) || !list.stream().allMatch(Map.class::isInstance)) {
            throw new IllegalStateException("stored JSON is not a list of objects: " + json);
        }
        return (List<Map<String, Object>>) list;
    }

    private static <T> T read(JSON json, ObjectReader reader) {
        try {
            return reader.readValue(json.data());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is unreadable", e);
        }
    }
}
