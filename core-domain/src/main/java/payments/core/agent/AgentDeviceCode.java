package payments.core.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import payments.core.error.InvalidInput;
import payments.core.id.AgentId;
import payments.core.id.PlatformId;

/**
 * A one-time install code for an agent: a person reads it from the platform and types it into the agent software,
 * which redeems it for the agent's access token. Kept by the hash of its code only; single use, valid for
 * {@link #VALID_FOR}, and {@code superseded} once a fresh code was issued for the agent.
 */
public record AgentDeviceCode(String codeHash, PlatformId platformId, AgentId agentId, Instant expiresAt,
                              Instant redeemedAt, boolean superseded, Instant createdAt) {
    public static final Duration VALID_FOR = Duration.ofMinutes(15);
    /** Letters and digits a person does not confuse (no 0/O, 1/I/L, no vowels, so no words). */
    private static final String ALPHABET = "BCDFGHJKMNPQRSTVWXZ23456789";
    private static final int LENGTH = 8;

    public boolean redeemed() {
        return redeemedAt != null;
    }

    /** 400 unless the code can still be redeemed at {@code now}. */
    public AgentDeviceCode requireRedeemable(Instant now) {
        if (redeemed()) {
            throw new InvalidInput("DEVICE_CODE_REDEEMED", "This device code was already redeemed");
        }
        if (superseded || !now.isBefore(expiresAt)) {
            throw new InvalidInput("DEVICE_CODE_EXPIRED", "This device code has expired; ask the platform for a "
                    + "fresh one");
        }
        return this;
    }

    public AgentDeviceCode redeemedAt(Instant now) {
        return new AgentDeviceCode(codeHash, platformId, agentId, expiresAt, now, superseded, createdAt);
    }

    /**
     * A code of {@value #LENGTH} characters written {@code XXXX-XXXX}, drawn from {@code randomSecret}: a fresh
     * random secret in base64url, of at least 16 bytes.
     */
    public static String codeOf(String randomSecret) {
        byte[] random = Base64.getUrlDecoder().decode(randomSecret);
        StringBuilder code = new StringBuilder();
        // Two random bytes per character: 65,536 values over 27 letters, a bias below one in two thousand.
        for (int i = 0; i < LENGTH; i++) {
            int value = ((random[2 * i] & 0xff) << 8) | (random[2 * i + 1] & 0xff);
            code.append(ALPHABET.charAt(value % ALPHABET.length()));
            if (i == LENGTH / 2 - 1) {
                code.append('-');
            }
        }
        return code.toString();
    }

    /** A code as a person may type it (lower case, without or with spaces for the dash) in its one written form. */
    public static String normalized(String typed) {
        String bare = typed.toUpperCase(Locale.ROOT).replaceAll("[\\s-]", "");
        return bare.length() == LENGTH ? bare.substring(0, LENGTH / 2) + "-" + bare.substring(LENGTH / 2) : bare;
    }
}
