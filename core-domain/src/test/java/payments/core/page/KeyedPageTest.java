package payments.core.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;

class KeyedPageTest {
    private static final List<String> NAMES = List.of("delta", "alpha", "echo", "charlie", "bravo");

    private static KeyedPage<String> page(boolean ascending, int limit, String cursor) {
        return KeyedPage.of(NAMES, Function.identity(), ascending, new KeyedPage.Request(limit,
                cursor == null ? null : KeyedPage.decode(cursor)));
    }

    @Test
    void pages_follow_one_another_by_their_cursor_in_either_order() {
        for (boolean ascending : new boolean[] {true, false}) {
            List<String> seen = new ArrayList<>();
            String cursor = null;
            int pages = 0;
            do {
                KeyedPage<String> page = page(ascending, 2, cursor);
                assertEquals(5, page.totalCount());
                seen.addAll(page.data());
                assertEquals(page.hasMore(), page.nextCursor() != null);
                cursor = page.nextCursor();
                pages++;
            } while (cursor != null);
            assertEquals(3, pages);
            List<String> expected = ascending ? List.of("alpha", "bravo", "charlie", "delta", "echo")
                    : List.of("echo", "delta", "charlie", "bravo", "alpha");
            assertEquals(expected, seen);
        }
    }

    @Test
    void a_page_that_holds_the_rest_has_no_cursor() {
        KeyedPage<String> all = page(true, 5, null);
        assertEquals(5, all.data().size());
        assertFalse(all.hasMore());
        assertNull(all.nextCursor());
    }

    @Test
    void a_cursor_goes_on_after_its_key_even_when_that_item_is_gone() {
        String afterBravo = KeyedPage.encode("bravo");
        List<String> withoutBravo = List.of("alpha", "charlie", "delta");
        KeyedPage<String> next = KeyedPage.of(withoutBravo, Function.identity(), true,
                new KeyedPage.Request(10, KeyedPage.decode(afterBravo)));
        assertEquals(List.of("charlie", "delta"), next.data());
        assertTrue(KeyedPage.decode(KeyedPage.encode("Crypto.com ü")).equals("Crypto.com ü"));
    }

    @Test
    void a_cursor_this_list_did_not_give_is_400_naming_it() {
        for (String bad : new String[] {"!!", "a b", "_w"}) {
            InvalidInput e = assertThrows(InvalidInput.class, () -> KeyedPage.decode(bad), bad);
            assertEquals("INVALID_INPUT", e.code());
        }
    }

    @Test
    void the_limit_is_one_to_a_hundred() {
        assertThrows(IllegalArgumentException.class, () -> new KeyedPage.Request(0, null));
        assertThrows(IllegalArgumentException.class, () -> new KeyedPage.Request(101, null));
    }
}
