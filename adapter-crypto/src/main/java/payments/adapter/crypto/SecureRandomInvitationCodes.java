package payments.adapter.crypto;

import java.security.SecureRandom;
import payments.ports.driven.uma.InvitationCodes;

/**
 * Invitation codes: 20 symbols of Crockford's base32 alphabet (digits and upper-case letters without I, L, O, U,
 * so a code read aloud or retyped from a link is not misread) from a SecureRandom: 100 bits, unguessable.
 */
public final class SecureRandomInvitationCodes implements InvitationCodes {
    static final String ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    static final int LENGTH = 20;
    private final SecureRandom random = new SecureRandom();

    @Override
    public String newCode() {
        char[] code = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            code[i] = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
        }
        return new String(code);
    }
}
