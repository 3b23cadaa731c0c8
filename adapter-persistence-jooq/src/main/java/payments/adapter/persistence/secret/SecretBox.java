package payments.adapter.persistence.secret;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals secret material before it is written to the database: AES-256-GCM under the master key (the key-encryption
 * key, held outside the database), a random 96-bit nonce per value, and the row the value belongs to as associated
 * data, so a sealed value copied into another row does not open there. A reader of the database alone, or of its
 * backups, learns nothing of the secrets. Format: version byte 1, nonce, ciphertext with its 128-bit tag.
 */
public final class SecretBox {
    private static final byte VERSION = 1;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();
    private final SecretKeySpec key;

    private SecretBox(byte[] masterKey) {
        if (masterKey.length != 32) {
            throw new IllegalArgumentException("a master key is 32 bytes");
        }
        this.key = new SecretKeySpec(masterKey.clone(), "AES");
    }

    /** A box under {@code masterKey}: 64 hex digits (32 bytes). */
    public static SecretBox of(String masterKey) {
        try {
            return new SecretBox(HexFormat.of().parseHex(masterKey.trim()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a master key is 64 hex digits (32 bytes)");
        }
    }

    /** A new random master key, as {@link #of} reads it. */
    public static String newMasterKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** {@code secret} sealed for the row {@code place} names (such as {@code webhook_keys/<platform>/<generation>}). */
    public byte[] seal(byte[] secret, String place) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        byte[] sealed = cipher(Cipher.ENCRYPT_MODE, nonce, place).doFinalOrThrow(secret);
        return ByteBuffer.allocate(1 + NONCE_BYTES + sealed.length).put(VERSION).put(nonce).put(sealed).array();
    }

    /** The secret {@link #seal} sealed for {@code place}; IllegalStateException under another key or place. */
    public byte[] open(byte[] sealed, String place) {
        if (sealed.length < 1 + NONCE_BYTES + TAG_BITS / 8 || sealed[0] != VERSION) {
            throw new IllegalStateException("not a sealed value");
        }
        byte[] nonce = Arrays.copyOfRange(sealed, 1, 1 + NONCE_BYTES);
        return cipher(Cipher.DECRYPT_MODE, nonce, place).doFinalOrThrow(
                Arrays.copyOfRange(sealed, 1 + NONCE_BYTES, sealed.length));
    }

    /** What a row holds: {@code stored} opened when it is sealed, as it is when written before sealing existed. */
    public byte[] read(byte[] stored, boolean sealed, String place) {
        return sealed ? open(stored, place) : stored;
    }

    private Operation cipher(int mode, byte[] nonce, String place) {
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(place.getBytes(StandardCharsets.UTF_8));
            return new Operation(cipher);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable", e);
        }
    }

    private record Operation(Cipher cipher) {
        byte[] doFinalOrThrow(byte[] input) {
            try {
                return cipher.doFinal(input);
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the value does not open with this master key for this row");
            }
        }
    }

    @Override
    public String toString() {
        return "SecretBox[master key hidden]";
    }
}
