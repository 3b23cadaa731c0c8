package payments.adapter.crypto;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.util.Arrays;

/**
 * Base58Check as bs58check (used by @turnkey/crypto) does it: Bitcoin alphabet, payload || first 4 bytes of
 * SHA256(SHA256(payload)), no version byte. Leading zero bytes are written as leading '1's. BouncyCastle has no
 * Base58, hence this.
 */
final class Base58Check {
    private static final String ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    private static final BigInteger BASE = BigInteger.valueOf(58);

    private Base58Check() {
    }

    static String encode(byte[] payload) {
        return base58(Bytes.concat(payload, checksum(payload)));
    }

    /** The payload, after checking the 4-byte checksum. */
    static byte[] decode(String text) {
        byte[] all = unbase58(text);
        if (all.length < 4) {
            throw new IllegalArgumentException("base58check too short");
        }
        byte[] payload = Arrays.copyOf(all, all.length - 4);
        if (!MessageDigest.isEqual(checksum(payload), Arrays.copyOfRange(all, all.length - 4, all.length))) {
            throw new IllegalArgumentException("base58check checksum mismatch");
        }
        return payload;
    }

    static String base58(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (BigInteger n = new BigInteger(1, bytes); n.signum() > 0; ) {
            BigInteger[] qr = n.divideAndRemainder(BASE);
            out.append(ALPHABET.charAt(qr[1].intValue()));
            n = qr[0];
        }
        for (int i = 0; i < bytes.length && bytes[i] == 0; i++) {
            out.append('1');
        }
        return out.reverse().toString();
    }

    static byte[] unbase58(String text) {
        BigInteger n = BigInteger.ZERO;
        int zeros = 0;
        boolean leading = true;
        for (char c : text.toCharArray()) {
            int digit = ALPHABET.indexOf(c);
            if (digit < 0) {
                throw new IllegalArgumentException("not a base58 character");
            }
            if (leading && digit == 0) {
                zeros++;
            } else {
                leading = false;
            }
            n = n.multiply(BASE).add(BigInteger.valueOf(digit));
        }
        byte[] magnitude = n.signum() == 0 ? new byte[0] : stripSign(n.toByteArray());
        return Bytes.concat(new byte[zeros], magnitude);
    }

    private static byte[] stripSign(byte[] twosComplement) {
        return twosComplement[0] == 0 ? Arrays.copyOfRange(twosComplement, 1, twosComplement.length) : twosComplement;
    }

    private static byte[] checksum(byte[] payload) {
        return Arrays.copyOf(P256.sha256(P256.sha256(payload)), 4);
    }
}
