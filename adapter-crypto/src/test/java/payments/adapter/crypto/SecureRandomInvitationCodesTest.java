package payments.adapter.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SecureRandomInvitationCodesTest {
    private final SecureRandomInvitationCodes codes = new SecureRandomInvitationCodes();

    @Test
    void codes_are_twenty_base32_symbols_and_do_not_repeat() {
        Set<String> seen = new HashSet<>();
        Set<Character> symbols = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String code = codes.newCode();
            assertTrue(code.matches("^[0-9A-HJKMNP-TV-Z]{20}$"), code);
            code.chars().forEach(c -> symbols.add((char) c));
            seen.add(code);
        }
        assertEquals(10_000, seen.size());
        assertEquals(32, symbols.size(), "every symbol of the alphabet is used");
    }
}
