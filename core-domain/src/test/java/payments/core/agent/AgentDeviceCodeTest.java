package payments.core.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;

class AgentDeviceCodeTest {
    private static String secret() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    @Test
    void codes_are_readable_and_typed_back_in_any_case_and_spacing() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            String code = AgentDeviceCode.codeOf(secret());
            assertTrue(code.matches("[BCDFGHJKMNPQRSTVWXZ2-9]{4}-[BCDFGHJKMNPQRSTVWXZ2-9]{4}"), code);
            seen.add(code);
            assertEquals(code, AgentDeviceCode.normalized(code.toLowerCase().replace("-", " ")));
        }
        assertEquals(1_000, seen.size());
        assertNotEquals(AgentDeviceCode.normalized("bbbb-bbbc"), AgentDeviceCode.normalized("bbbb-bbbb"));
    }

    @Test
    void a_code_redeems_once_and_not_once_expired_or_superseded() {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        var code = new AgentDeviceCode("h", new PlatformId(UUID.randomUUID()), new AgentId(UUID.randomUUID()),
                now.plus(AgentDeviceCode.VALID_FOR), null, false, now);
        var redeemed = code.requireRedeemable(now).redeemedAt(now);
        assertEquals("DEVICE_CODE_REDEEMED", assertThrows(InvalidInput.class,
                () -> redeemed.requireRedeemable(now)).code());
        assertEquals("DEVICE_CODE_EXPIRED", assertThrows(InvalidInput.class,
                () -> code.requireRedeemable(now.plus(AgentDeviceCode.VALID_FOR))).code());
        var superseded = new AgentDeviceCode("h", code.platformId(), code.agentId(), code.expiresAt(), null, true,
                now);
        assertEquals("DEVICE_CODE_EXPIRED", assertThrows(InvalidInput.class,
                () -> superseded.requireRedeemable(now)).code());
    }
}
