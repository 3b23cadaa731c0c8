package payments.adapter.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MagicSuffixTest {
    @Test
    void the_suffix_is_the_identifiers_last_three_characters_or_those_of_its_user_part() {
        assertEquals("002", MagicSuffix.of("021000021/000000002"), "after the bank's code");
        assertEquals("105", MagicSuffix.of("alice.105@x.com"), "an email-style value's user part");
        assertEquals("", MagicSuffix.of("ab@x.com"));
        assertEquals("", MagicSuffix.of(null));
    }
}
