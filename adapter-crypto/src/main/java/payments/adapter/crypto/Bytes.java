package payments.adapter.crypto;

import java.util.Arrays;
import java.util.Base64;

/** Byte helpers shared by the wallet formats. */
final class Bytes {
    private Bytes() {
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** base64url without padding, as we always write it. */
    static String base64url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * base64url with or without '=' padding and, leniently, standard base64 ('+', '/'): clients differ.
     * Throws {@link IllegalArgumentException} on anything else.
     */
    static byte[] fromBase64Lenient(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("empty base64");
        }
        return Base64.getUrlDecoder().decode(text.replace('+', '-').replace('/', '_'));
    }
}
