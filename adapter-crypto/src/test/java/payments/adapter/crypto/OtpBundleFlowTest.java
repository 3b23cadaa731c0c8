package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import payments.ports.driven.wallet.WalletCrypto.InvalidBundle;
import payments.ports.driven.wallet.WalletCrypto.OtpBundle;
import payments.ports.driven.wallet.WalletCrypto.TargetKey;

/**
 * EMAIL_OTP/SMS_OTP: the client side does what {@code @turnkey/crypto.encryptOtpCodeToBundle} does, with the JDK:
 * check the signer key and dataSignature, read targetPublic, HPKE-seal {otp_code, public_key}.
 */
class OtpBundleFlowTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();

    private final BouncyCastleWalletCrypto crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());
    private final TargetKey target = crypto.newTargetKey();
    private final String clientKeyCompressed;
    private final byte[] clientKeyUncompressed;

    OtpBundleFlowTest() throws Exception {
        KeyPair client = JdkClient.newKeyPair();
        clientKeyUncompressed = JdkClient.uncompressed((ECPublicKey) client.getPublic());
        clientKeyCompressed = HEX.formatHex(JdkClient.compress(clientKeyUncompressed));
    }

    /** The client's half: verify the target bundle, then seal the plaintext to its targetPublic. */
    private String clientEncrypts(String targetBundle, String plaintext) throws Exception {
        JsonNode bundle = JSON.readTree(targetBundle);
        String signer = bundle.get("enclaveQuorumPublic").asText();
        assertEquals(crypto.bundleSigningPublicKey(), signer, "the client pins our signing key");
        byte[] data = HEX.parseHex(bundle.get("data").asText());
        assertTrue(JdkClient.verify(HEX.parseHex(signer), data, HEX.parseHex(bundle.get("dataSignature").asText())),
                "dataSignature verifies with JCA over the hex-decoded data");
        byte[] targetPublic = HEX.parseHex(JSON.readTree(data).get("targetPublic").asText());
        byte[] wire = JdkClient.hpkeSeal(targetPublic, plaintext.getBytes(UTF_8));
        return "{\"encappedPublic\":\"" + HEX.formatHex(Arrays.copyOf(wire, 65)) + "\",\"ciphertext\":\""
                + HEX.formatHex(Arrays.copyOfRange(wire, 65, wire.length)) + "\"}";
    }

    private static String otpPlaintext(String code, String publicKey) {
        return "{\"otp_code\":\"" + code + "\",\"public_key\":\"" + publicKey + "\"}";
    }

    @Test
    void the_target_bundle_has_the_design_shape() throws Exception {
        String bundle = crypto.otpTargetBundle(target);
        JsonNode json = JSON.readTree(bundle);

        assertEquals(List.of("enclaveQuorumPublic", "dataSignature", "data"), iterable(json));
        assertTrue(json.get("enclaveQuorumPublic").asText().matches("04[0-9a-f]{128}"));
        assertTrue(json.get("dataSignature").asText().matches("30[0-9a-f]{134,142}"));
        String data = new String(HEX.parseHex(json.get("data").asText()), UTF_8);
        assertEquals("{\"targetPublic\":\"" + target.publicKeyUncompressed() + "\"}", data);
        assertTrue(target.publicKeyUncompressed().matches("04[0-9a-f]{128}"));
        assertEquals(32, target.privateScalar().length);
    }

    @Test
    void the_sandbox_code_sealed_by_the_client_opens_with_the_challenges_target_key() throws Exception {
        String encrypted = clientEncrypts(crypto.otpTargetBundle(target), otpPlaintext("000000", clientKeyCompressed));

        OtpBundle otp = crypto.openOtpBundle(encrypted, target);

        assertEquals("000000", otp.otpCode());
        assertEquals(clientKeyCompressed, otp.publicKey());
    }

    @Test
    void an_uncompressed_public_key_in_the_plaintext_comes_back_compressed() throws Exception {
        String encrypted = clientEncrypts(crypto.otpTargetBundle(target),
                otpPlaintext("123456", HEX.formatHex(clientKeyUncompressed).toUpperCase()));

        OtpBundle otp = crypto.openOtpBundle(encrypted, target);

        assertEquals("123456", otp.otpCode());
        assertEquals(clientKeyCompressed, otp.publicKey());
    }

    @Test
    void a_tampered_ciphertext_is_an_invalid_bundle() throws Exception {
        String encrypted = clientEncrypts(crypto.otpTargetBundle(target), otpPlaintext("000000", clientKeyCompressed));
        JsonNode json = JSON.readTree(encrypted);
        String ct = json.get("ciphertext").asText();
        String flipped = (ct.charAt(0) == '0' ? "1" : "0") + ct.substring(1);
        String tampered = "{\"encappedPublic\":\"" + json.get("encappedPublic").asText() + "\",\"ciphertext\":\""
                + flipped + "\"}";

        assertThrows(InvalidBundle.class, () -> crypto.openOtpBundle(tampered, target));
    }

    @Test
    void a_bundle_sealed_to_another_challenge_does_not_open() throws Exception {
        String encrypted = clientEncrypts(crypto.otpTargetBundle(target), otpPlaintext("000000", clientKeyCompressed));

        assertThrows(InvalidBundle.class, () -> crypto.openOtpBundle(encrypted, crypto.newTargetKey()));
    }

    @Test
    void malformed_bundles_and_plaintexts_are_invalid_bundles() throws Exception {
        String bundle = crypto.otpTargetBundle(target);
        List<String> bad = List.of(
                "",
                "not json",
                "[]",
                "{\"encappedPublic\":\"04\",\"ciphertext\":\"00\"}",
                "{\"ciphertext\":\"00\"}",
                "{\"encappedPublic\":{},\"ciphertext\":\"00\"}",
                clientEncrypts(bundle, "not json"),
                clientEncrypts(bundle, "{\"otp_code\":\"000000\"}"),
                clientEncrypts(bundle, "{\"otp_code\":0,\"public_key\":\"" + clientKeyCompressed + "\"}"),
                // x = 1 has no point on P-256 (x = 0 does)
                clientEncrypts(bundle, otpPlaintext("000000", "02" + "00".repeat(31) + "01")),
                clientEncrypts(bundle, otpPlaintext("000000", clientKeyCompressed.substring(2))));
        for (String encrypted : bad) {
            assertThrows(InvalidBundle.class, () -> crypto.openOtpBundle(encrypted, target), encrypted);
        }
        assertThrows(InvalidBundle.class, () -> crypto.openOtpBundle(null, target));
    }

    private static List<String> iterable(JsonNode json) {
        List<String> names = new java.util.ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
