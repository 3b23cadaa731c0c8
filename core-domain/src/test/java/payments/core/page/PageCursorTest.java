package payments.core.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import payments.core.error.InvalidInput;

class PageCursorTest {
    private static String b64(String raw) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void a_cursor_round_trips_through_its_text() {
        PageCursor c = new PageCursor(Instant.parse("2025-03-04T05:06:07.123456789Z"),
                UUID.fromString("f0000000-0000-4000-8000-00000000abcd"));

        assertEquals(c, PageCursor.decode(c.encode()));
    }

    @Test
    void the_text_is_url_safe_and_unpadded() {
        String text = new PageCursor(Instant.parse("2025-03-04T05:06:07.5Z"), UUID.randomUUID()).encode();

        assertTrue(text.matches("[A-Za-z0-9_-]+"), text);
    }

    /** Any time a stored row can have: the years 0001 to 9999, to the microsecond (PostgreSQL's precision). */
    @Provide
    Arbitrary<Instant> instants() {
        return Arbitraries.longs().between(Instant.parse("0001-01-01T00:00:00Z").getEpochSecond(),
                        Instant.parse("9999-12-31T23:59:59Z").getEpochSecond())
                .flatMap(s -> Arbitraries.integers().between(0, 999_999).map(n -> Instant.ofEpochSecond(s, n * 1000L)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-0001-12-31T23:59:59Z", "+10000-01-01T00:00:00Z", "-1000000000-01-01T00:00:00Z",
        "+1000000000-12-31T23:59:59.999999999Z"})
    void a_forged_cursor_beyond_any_stored_time_is_invalid(String time) {
        String forged = new PageCursor(Instant.parse(time), UUID.randomUUID()).encode();

        InvalidInput e = assertThrows(InvalidInput.class, () -> PageCursor.decode(forged));
        assertEquals("INVALID_INPUT", e.code());
    }

    @Property
    void any_position_round_trips(@ForAll("instants") Instant at, @ForAll long msb, @ForAll long lsb) {
        PageCursor c = new PageCursor(at, new UUID(msb, lsb));

        assertEquals(c, PageCursor.decode(c.encode()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "!!!", "not a cursor", "AAAA", "%%%"})
    void garbage_is_an_invalid_cursor(String text) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> PageCursor.decode(text));

        assertEquals("INVALID_INPUT", e.code());
        assertEquals(List.of(Map.of("field", "cursor", "message", "is not a cursor returned by this list")),
                e.details().get("errors"));
    }

    @Test
    void well_encoded_text_of_the_wrong_shape_is_an_invalid_cursor() {
        for (String raw : List.of("1.2", "x.0.00000000-0000-4000-8000-000000000001", "1.y.00000000-0000-4000-8000-000000000001",
                "1.0.not-a-uuid", "99999999999999999999.0.00000000-0000-4000-8000-000000000001")) {
            assertThrows(InvalidInput.class, () -> PageCursor.decode(b64(raw)), raw);
        }
        assertThrows(InvalidInput.class, () -> PageCursor.decode(null));
    }

    @Test
    void a_page_request_takes_1_to_100_items() {
        new PageRequest(1, null);
        new PageRequest(100, null);
        assertThrows(IllegalArgumentException.class, () -> new PageRequest(0, null));
        assertThrows(IllegalArgumentException.class, () -> new PageRequest(101, null));
    }
}
