package payments.app;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.hpke.HPKE;

/**
 * A wallet client as a platform's app would be: it holds a P-256 key, stamps payloads with it (JDK ECDSA, DER),
 * HPKE-encrypts OTP codes to the service's target bundle and opens sealed session keys (BouncyCastle, the
 * design's profile).
 */
final class WalletClient {
    private static final HexFormat HEX = HexFormat.of();
    private static final byte[] INFO = "turnkey_hpke".getBytes(StandardCharsets.US_ASCII);
    private static final String BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    private static final X9ECParameters P256 = CustomNamedCurves.getByName("secp256r1");
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

    private WalletClient(KeyPair keys) {
        this.keys = keys;
    }

    /** A client holding the key pair of this 32-byte private scalar. */
    static WalletClient ofScalar(byte[] scalar) {
        try {
            KeyFactory factory = KeyFactory.getInstance("EC");
            BigInteger d = new BigInteger(1, scalar);
            AlgorithmParameters ec = AlgorithmParameters.getInstance("EC");
            ec.init(new ECGenParameterSpec("secp256r1"));
            ECParameterSpec params = ec.getParameterSpec(ECParameterSpec.class);
            var q = P256.getG().multiply(d).normalize();
            ECPublicKey publicKey = (ECPublicKey) factory.generatePublic(new ECPublicKeySpec(new ECPoint(
                    q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger()), params));
            ECPrivateKey privateKey = (ECPrivateKey) factory.generatePrivate(new ECPrivateKeySpec(d, params));
            return new WalletClient(new KeyPair(publicKey, privateKey));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The session key an OAUTH or PASSKEY verify (or a refresh) sealed to this client, as
     * {@code @turnkey/crypto.decryptCredentialBundle} opens it (design §6): base58check → compressed enc (33) ||
     * ciphertext, HPKE-open with this client's private key; the plaintext is the session's private scalar.
     */
    WalletClient openSessionKey(String encryptedSessionSigningKey) {
        try {
            byte[] payload = base58CheckDecode(encryptedSessionSigningKey);
            if (payload.length != 33 + 32 + 16) {
                throw new IllegalArgumentException("a sealed session key is 81 bytes, not " + payload.length);
            }
            byte[] enc = P256.getCurve().decodePoint(Arrays.copyOf(payload, 33)).getEncoded(false);
            byte[] ciphertext = Arrays.copyOfRange(payload, 33, payload.length);
            byte[] own = HEX.parseHex(publicKeyUncompressed());
            HPKE hpke = new HPKE(HPKE.mode_base, HPKE.kem_P256_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_AES_GCM256);
            var pair = hpke.deserializePrivateKey(fixed32(((ECPrivateKey) keys.getPrivate()).getS()), own);
            byte[] aad = new byte[enc.length + own.length];
            System.arraycopy(enc, 0, aad, 0, enc.length);
            System.arraycopy(own, 0, aad, enc.length, own.length);
            return ofScalar(hpke.setupBaseR(enc, pair, INFO).open(aad, ciphertext));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot open the sealed session key: " + e, e);
        }
    }

    /** Bitcoin-alphabet base58, then the 4-byte double-SHA-256 checksum checked and removed. */
    static byte[] base58CheckDecode(String text) throws Exception {
        BigInteger value = BigInteger.ZERO;
        for (char c : text.toCharArray()) {
            int digit = BASE58.indexOf(c);
            if (digit < 0) {
                throw new IllegalArgumentException("not base58: " + c);
            }
            value = value.multiply(BigInteger.valueOf(58)).add(BigInteger.valueOf(digit));
        }
        byte[] magnitude = value.signum() == 0 ? new byte[0] : value.toByteArray();
        if (magnitude.length > 0 && magnitude[0] == 0) {
            magnitude = Arrays.copyOfRange(magnitude, 1, magnitude.length);
        }
        int zeros = 0;
        while (zeros < text.length() && text.charAt(zeros) == '1') {
            zeros++;
        }
        byte[] all = new byte[zeros + magnitude.length];
        System.arraycopy(magnitude, 0, all, zeros, magnitude.length);
        if (all.length < 4) {
            throw new IllegalArgumentException("too short for base58check");
        }
        byte[] payload = Arrays.copyOf(all, all.length - 4);
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        byte[] check = sha256.digest(sha256.digest(payload));
        if (!Arrays.equals(Arrays.copyOf(check, 4), Arrays.copyOfRange(all, all.length - 4, all.length))) {
            throw new IllegalArgumentException("bad base58check checksum");
        }
        return payload;
    }

    /** Lowercase hex SHA-256 of the UTF-8 bytes of {@code text} (the OIDC nonce rule). */
    static String sha256Hex(String text) {
        try {
            return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
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
