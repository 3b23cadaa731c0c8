package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import payments.ports.driven.wallet.WalletCrypto.MalformedStamp;
import payments.ports.driven.wallet.WalletCrypto.Stamp;

/**
 * The Service-Wallet-Signature stamp as {@code @turnkey/api-key-stamper} makes it (Node's crypto.sign: DER,
 * random k, not low-S normalised), parsed and verified over the exact payload bytes.
 */
class StampTest {
    private static final String PAYLOAD = "{\"type\":\"ACTIVITY_TYPE_DELETE_AUTHENTICATOR\",\"timestampMs\":"
            + "\"1746736509954\",\"requestId\":\"Request:6f1c\",\"parameters\":{\"method\":\"DELETE\"}}";
    private static final String TK = "SIGNATURE_SCHEME_TK_API_P256";

    private final BouncyCastleWalletCrypto crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());
    private final KeyPair session;
    private final byte[] pubU;
    private final String compressedHex;
    private final String uncompressedHex;

    StampTest() throws Exception {
        session = JdkClient.newKeyPair();
        pubU = JdkClient.uncompressed((ECPublicKey) session.getPublic());
        compressedHex = JdkClient.HEX.formatHex(JdkClient.compress(pubU));
        uncompressedHex = JdkClient.HEX.formatHex(pubU);
    }

    private byte[] der(String payload) throws Exception {
        return JdkClient.sign((ECPrivateKey) session.getPrivate(), payload.getBytes(UTF_8));
    }

    private static String header(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(UTF_8));
    }

    private static String json(String publicKey, String scheme, byte[] signature) {
        return "{\"publicKey\":\"" + publicKey + "\",\"scheme\":\"" + scheme + "\",\"signature\":\""
                + JdkClient.HEX.formatHex(signature) + "\"}";
    }

    private boolean parsesAndVerifies(String header, String payload) throws MalformedStamp {
        Stamp stamp = crypto.parseStamp(header);
        return crypto.verify(stamp, payload.getBytes(UTF_8));
    }

    @Test
    void a_stamp_with_a_compressed_key_verifies_and_keeps_the_key_compressed() throws Exception {
        Stamp stamp = crypto.parseStamp(header(json(compressedHex, TK, der(PAYLOAD))));

        assertEquals(compressedHex, stamp.publicKey());
        assertEquals(TK, stamp.scheme());
        assertTrue(crypto.verify(stamp, PAYLOAD.getBytes(UTF_8)));
    }

    @Test
    void a_stamp_with_an_uncompressed_upper_case_key_verifies_and_reports_the_compressed_key() throws Exception {
        Stamp stamp = crypto.parseStamp(header(json(uncompressedHex.toUpperCase(), TK, der(PAYLOAD))));

        assertEquals(compressedHex, stamp.publicKey());
        assertTrue(crypto.verify(stamp, PAYLOAD.getBytes(UTF_8)));
    }

    @Test
    void a_high_s_signature_is_accepted() throws Exception {
        BigInteger[] rs = JdkClient.rs(der(PAYLOAD));
        BigInteger highS = rs[1].compareTo(JdkClient.N.shiftRight(1)) > 0 ? rs[1] : JdkClient.N.subtract(rs[1]);
        byte[] highSig = JdkClient.der(rs[0], highS);
        assertTrue(JdkClient.rs(highSig)[1].compareTo(JdkClient.N.shiftRight(1)) > 0);

        assertTrue(parsesAndVerifies(header(json(compressedHex, TK, highSig)), PAYLOAD));
    }

    @Test
    void a_raw_r_s_signature_of_128_hex_is_accepted() throws Exception {
        BigInteger[] rs = JdkClient.rs(der(PAYLOAD));
        byte[] raw = JdkClient.concat(JdkClient.fixed32(rs[0]), JdkClient.fixed32(rs[1]));

        assertTrue(parsesAndVerifies(header(json(compressedHex, TK, raw)), PAYLOAD));
    }

    @ParameterizedTest
    @ValueSource(strings = {"SIGNATURE_SCHEME_TK_API_P256", "P256_ECDSA_SHA256"})
    void both_schemes_are_accepted(String scheme) throws Exception {
        Stamp stamp = crypto.parseStamp(header(json(compressedHex, scheme, der(PAYLOAD))));

        assertEquals(scheme, stamp.scheme());
        assertTrue(crypto.verify(stamp, PAYLOAD.getBytes(UTF_8)));
    }

    @Test
    void key_order_is_irrelevant_and_extra_keys_are_ignored() throws Exception {
        String sig = JdkClient.HEX.formatHex(der(PAYLOAD));
        String olderOrder = "{\"publicKey\":\"" + compressedHex + "\",\"signature\":\"" + sig + "\",\"scheme\":\""
                + TK + "\"}";
        String reversedWithExtras = "{\"signature\":\"" + sig + "\",\"extra\":{\"a\":[1,2]},\"scheme\":\"" + TK
                + "\",\"publicKey\":\"" + compressedHex + "\",\"n\":7}";

        assertTrue(parsesAndVerifies(header(olderOrder), PAYLOAD));
        assertTrue(parsesAndVerifies(header(reversedWithExtras), PAYLOAD));
    }

    @Test
    void padded_base64url_and_standard_base64_are_accepted() throws Exception {
        // ASCII hex JSON never encodes to '-' or '_'; '?' (0x3f) in every position of a 3-byte group does.
        String json = json(compressedHex, TK, der(PAYLOAD)).replace("}", ",\"note\":\"???\"}");
        while (json.getBytes(UTF_8).length % 3 == 0) {   // and one that needs padding
            json = json.replace("}", " }");
        }
        String padded = Base64.getUrlEncoder().encodeToString(json.getBytes(UTF_8));
        String standard = Base64.getEncoder().encodeToString(json.getBytes(UTF_8));
        assertTrue(padded.endsWith("="));
        assertTrue(standard.contains("/") && header(json).contains("_"));

        assertTrue(parsesAndVerifies(padded, PAYLOAD));
        assertTrue(parsesAndVerifies(standard, PAYLOAD));
        assertTrue(parsesAndVerifies(header(json), PAYLOAD));
    }

    @Test
    void a_stamp_over_a_reserialised_payload_is_rejected() throws Exception {
        String stamp = header(json(compressedHex, TK, der(PAYLOAD)));
        String reserialised = PAYLOAD.replace(",", ", ");   // same JSON value, different bytes

        assertTrue(parsesAndVerifies(stamp, PAYLOAD));
        assertFalse(parsesAndVerifies(stamp, reserialised));
    }

    @Test
    void a_stamp_by_another_key_is_rejected() throws Exception {
        KeyPair other = JdkClient.newKeyPair();
        byte[] sig = JdkClient.sign((ECPrivateKey) other.getPrivate(), PAYLOAD.getBytes(UTF_8));

        assertFalse(parsesAndVerifies(header(json(compressedHex, TK, sig)), PAYLOAD));
    }

    @Test
    void the_parsed_signature_bytes_are_the_ones_sent() throws Exception {
        byte[] sig = der(PAYLOAD);
        assertArrayEquals(sig, crypto.parseStamp(header(json(compressedHex, TK, sig))).signature());
    }

    @Test
    void malformed_stamps_are_rejected_as_malformed() throws Exception {
        byte[] sig = der(PAYLOAD);
        byte[] notOnCurve = pubU.clone();
        notOnCurve[64] ^= 1;   // y changed: no longer satisfies the curve equation
        byte[] longFormLength = JdkClient.concat(new byte[] {0x30, (byte) 0x81, sig[1]},
                java.util.Arrays.copyOfRange(sig, 2, sig.length));
        BigInteger[] rs = JdkClient.rs(sig);
        byte[] paddedInteger = paddedR(rs[0], rs[1]);

        assertMalformed("!!not base64!!");
        assertMalformed("");
        assertMalformed(null);
        assertMalformed(header("not json"));
        assertMalformed(header("[\"publicKey\"]"));
        assertMalformed(header(json(compressedHex, TK, sig) + "trailing"));
        assertMalformed(header(json(compressedHex, "SIGNATURE_SCHEME_TK_API_ED25519", sig)));
        assertMalformed(header(json(JdkClient.HEX.formatHex(notOnCurve), TK, sig)));
        assertMalformed(header(json("05" + compressedHex.substring(2), TK, sig)));
        assertMalformed(header(json(compressedHex.substring(0, 64), TK, sig)));
        assertMalformed(header(json(compressedHex, TK, longFormLength)));
        assertMalformed(header(json(compressedHex, TK, paddedInteger)));
        assertMalformed(header(json(compressedHex, TK, JdkClient.concat(sig, new byte[] {0}))));
        assertMalformed(header(json(compressedHex, TK, new byte[] {0x30, 0})));
        assertMalformed(header("{\"publicKey\":\"" + compressedHex + "\",\"scheme\":\"" + TK
                + "\",\"signature\":\"zz" + JdkClient.HEX.formatHex(sig) + "\"}"));
        assertMalformed(header("{\"publicKey\":\"" + compressedHex + "\",\"scheme\":\"" + TK + "\"}"));
        assertMalformed(header("{\"publicKey\":\"" + compressedHex + "\",\"scheme\":\"" + TK
                + "\",\"signature\":12}"));
        assertMalformed(header("{\"publicKey\":\"" + compressedHex + "\",\"scheme\":\"" + TK
                + "\",\"scheme\":\"" + TK + "\",\"signature\":\"" + JdkClient.HEX.formatHex(sig) + "\"}"));
    }

    /** r with a superfluous leading zero byte: valid BER, not DER. */
    private static byte[] paddedR(BigInteger r, BigInteger s) {
        byte[] canonical = JdkClient.der(r, s);
        byte[] rb = JdkClient.concat(new byte[] {0}, r.toByteArray());
        byte[] sb = s.toByteArray();
        byte[] out = new byte[canonical.length + 1];
        out[0] = 0x30;
        out[1] = (byte) (canonical[1] + 1);
        out[2] = 2;
        out[3] = (byte) rb.length;
        System.arraycopy(rb, 0, out, 4, rb.length);
        out[4 + rb.length] = 2;
        out[5 + rb.length] = (byte) sb.length;
        System.arraycopy(sb, 0, out, 6 + rb.length, sb.length);
        return out;
    }

    private void assertMalformed(String header) {
        assertThrows(MalformedStamp.class, () -> crypto.parseStamp(header), String.valueOf(header));
    }
}
