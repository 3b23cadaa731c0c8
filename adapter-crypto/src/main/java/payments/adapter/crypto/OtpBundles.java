package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import org.bouncycastle.crypto.InvalidCipherTextException;
import payments.ports.driven.wallet.WalletCrypto.InvalidBundle;
import payments.ports.driven.wallet.WalletCrypto.OtpBundle;
import payments.ports.driven.wallet.WalletCrypto.TargetKey;

/**
 * EMAIL_OTP/SMS_OTP bundles (design section 5), as {@code @turnkey/crypto.encryptOtpCodeToBundle} reads and
 * writes them: a signed target bundle out, an HPKE-sealed {@code {otp_code, public_key}} back in.
 */
final class OtpBundles {
    private final BundleSigner signer;

    OtpBundles(BundleSigner signer) {
        this.signer = signer;
    }

    /** {@code {"enclaveQuorumPublic", "dataSignature", "data": hex(UTF-8 {"targetPublic": "04..."})}}. */
    String targetBundle(TargetKey target) {
        // The public half is derived from the scalar that will open the reply, so the two cannot disagree.
        String targetPublic = P256.uncompressedHex(P256.publicOf(P256.scalar(target.privateScalar())));
        byte[] data = Json.write("targetPublic", targetPublic).getBytes(UTF_8);
        return Json.write(
                "enclaveQuorumPublic", signer.publicKey(),
                "dataSignature", signer.sign(data),
                "data", P256.HEX.formatHex(data));
    }

    /** Opens {@code {"encappedPublic", "ciphertext"}} with the challenge's target key. */
    static OtpBundle open(String encryptedOtpBundle, TargetKey target) throws InvalidBundle {
        if (encryptedOtpBundle == null || target == null) {
            throw new InvalidBundle("encryptedOtpBundle or target key missing");
        }
        BigInteger scalar;
        try {
            scalar = P256.scalar(target.privateScalar());
        } catch (IllegalArgumentException e) {
            throw new InvalidBundle("target key is unusable");
        }
        byte[] plaintext;
        try {
            JsonNode bundle = Json.object(encryptedOtpBundle.getBytes(UTF_8));
            byte[] enc = P256.HEX.parseHex(Json.text(bundle, "encappedPublic"));
            byte[] ciphertext = P256.HEX.parseHex(Json.text(bundle, "ciphertext"));
            plaintext = Hpke.open(enc, ciphertext, scalar);
        } catch (IllegalArgumentException e) {
            throw new InvalidBundle("encryptedOtpBundle is malformed: " + e.getMessage());
        } catch (InvalidCipherTextException e) {
            throw new InvalidBundle("encryptedOtpBundle does not open with the challenge's target key");
        }
        try {
            JsonNode otp = Json.object(plaintext);
            String code = Json.text(otp, "otp_code");
            String publicKey = P256.compressedHex(P256.pointFromHex(Json.text(otp, "public_key")));
            return new OtpBundle(code, publicKey);
        } catch (IllegalArgumentException e) {
            throw new InvalidBundle("encryptedOtpBundle plaintext: " + e.getMessage());
        }
    }
}
