package payments.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.crypto.hpke.HPKE;

/**
 * A wallet client as a platform's app would be: it holds a P-256 key, stamps payloads with it (JDK ECDSA, DER),
 * and HPKE-encrypts OTP codes to the service's target bundle (BouncyCastle, the design's profile).
 */
final class WalletClient {
    private static final HexFormat HEX = HexFormat.of();
    final KeyPair keys;

    WalletClient() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            keys = generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    String publicKeyCompressed() {
        var w = ((ECPublicKey) keys.getPublic()).getW();
        return (w.getAffineY().testBit(0) ? "03" : "02") + HEX.formatHex(fixed32(w.getAffineX()));
    }

    String publicKeyUncompressed() {
        var w = ((ECPublicKey) keys.getPublic()).getW();
        return "04" + HEX.formatHex(fixed32(w.getAffineX())) + HEX.formatHex(fixed32(w.getAffineY()));
    }

    /** The Service-Wallet-Signature stamp over exactly {@code payload}. */
    String stamp(String payload) {
        try {
            Signature ecdsa = Signature.getInstance("SHA256withECDSA");
            ecdsa.initSign(keys.getPrivate());
            ecdsa.update(payload.getBytes(StandardCharsets.UTF_8));
            String json = "{\"publicKey\":\"" + publicKeyCompressed() + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\""
                    + ",\"signature\":\"" + HEX.formatHex(ecdsa.sign()) + "\"}";
            return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code encryptedOtpBundle} for {@code code}, sealed to the target key of an {@code otpEncryptionTargetBundle}. */
    String encryptOtp(String targetBundle, String code) {
        try {
            JsonNode bundle = ApiClient.JSON.readTree(targetBundle);
            JsonNode data = ApiClient.JSON.readTree(HEX.parseHex(bundle.get("data").asText()));
            byte[] target = HEX.parseHex(data.get("targetPublic").asText());
            HPKE hpke = new HPKE(HPKE.mode_base, HPKE.kem_P256_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_AES_GCM256);
            var context = hpke.setupBaseS(hpke.deserializePublicKey(target),
                    "turnkey_hpke".getBytes(StandardCharsets.US_ASCII));
            byte[] enc = context.getEncapsulation();
            byte[] plaintext = ("{\"otp_code\":\"" + code + "\",\"public_key\":\"" + publicKeyCompressed() + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] aad = new byte[enc.length + target.length];
            System.arraycopy(enc, 0, aad, 0, enc.length);
            System.arraycopy(target, 0, aad, enc.length, target.length);
            byte[] ciphertext = context.seal(aad, plaintext);
            return "{\"encappedPublic\":\"" + HEX.formatHex(enc) + "\",\"ciphertext\":\"" + HEX.formatHex(ciphertext)
                    + "\"}";
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] fixed32(BigInteger n) {
        byte[] raw = n.toByteArray();
        byte[] out = new byte[32];
        int copy = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - copy, out, 32 - copy, copy);
        return out;
    }
}
