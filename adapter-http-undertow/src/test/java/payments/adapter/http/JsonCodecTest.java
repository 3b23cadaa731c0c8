package payments.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.json.JsonText;

class JsonCodecTest {
    @Test
    void json_text_is_written_as_it_is_inside_the_document() {
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("id", "Webhook:1");
        envelope.put("data", new JsonText("{\"status\": \"COMPLETED\", \"amount\": 12}"));

        String written = new String(JsonCodec.write(envelope), StandardCharsets.UTF_8);

        assertEquals("{\"id\":\"Webhook:1\",\"data\":{\"status\": \"COMPLETED\", \"amount\": 12}}", written);
        assertEquals(Map.of("id", "Webhook:1", "data", Map.of("status", "COMPLETED", "amount", 12)),
                JsonCodec.parse(written.getBytes(StandardCharsets.UTF_8)), "a document a receiver reads back");
    }
}
