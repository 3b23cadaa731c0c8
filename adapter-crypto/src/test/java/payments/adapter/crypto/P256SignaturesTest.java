package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class P256SignaturesTest {
    private static final BigInteger RFC6979_KEY =
            new BigInteger("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721", 16);

    @Test
    void signatures_are_rfc6979_deterministic_with_s_normalised_low() {
        // RFC 6979 A.2.5, P-256 with SHA-256, message "sample": s there is high, so we emit n - s.
        byte[] der = P256.signDer(RFC6979_KEY, "sample".getBytes(UTF_8));
        BigInteger[] rs = JdkClient.rs(der);
        assertEquals(new BigInteger("EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716", 16), rs[0]);
        assertEquals(JdkClient.N.subtract(
                new BigInteger("F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8", 16)), rs[1]);
        assertArrayEquals(der, P256.signDer(RFC6979_KEY, "sample".getBytes(UTF_8)));
    }

    @Test
    void rfc6979_vector_whose_s_is_already_low_is_unchanged() {
        // RFC 6979 A.2.5, message "test".
        BigInteger[] rs = JdkClient.rs(P256.signDer(RFC6979_KEY, "test".getBytes(UTF_8)));
        assertEquals(new BigInteger("F1ABB023518351CD71D881567B1EA663ED3EFCF6C5132B354F28D3B0B7D38367", 16), rs[0]);
        assertEquals(new BigInteger("019F4113742A2B14BD25926B49C649155F267E60D3814B4C0CC84250E46F0083", 16), rs[1]);
    }

    @Test
    void every_signature_we_make_is_low_s_der_and_verifies_with_plain_jca() throws Exception {
        BigInteger d = P256.newScalar(new java.security.SecureRandom());
        byte[] pub = P256.uncompressed(P256.publicOf(d));
        for (int i = 0; i < 64; i++) {   // about half would be high-S without normalisation
            byte[] msg = ("message " + i).getBytes(UTF_8);
            byte[] der = P256.signDer(d, msg);
            assertEquals(0x30, der[0] & 0xff);
            assertTrue(JdkClient.rs(der)[1].compareTo(JdkClient.N.shiftRight(1)) <= 0, "low-S");
            assertTrue(JdkClient.verify(pub, msg, der), "JCA SHA256withECDSA accepts it");
        }
    }
}
