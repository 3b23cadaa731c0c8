package payments.adapter.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import payments.ports.driven.webhook.WebhookSigner;

/**
 * Webhook signatures with the JDK alone: P-256 (secp256r1) keys, SHA256withECDSA, whose output is already DER.
 * Public keys are PEM "PUBLIC KEY" (X.509 SubjectPublicKeyInfo), what {@code X509EncodedKeySpec} reads back.
 */
public final class EcdsaWebhookSigner implements WebhookSigner {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SECRET_PREFIX = "whsec_";

    @Override
    public NewKey newKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            KeyPair pair = generator.generateKeyPair();
            return new NewKey(pem(pair.getPublic().getEncoded()), pair.getPrivate().getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("P-256 key generation is unavailable", e);
        }
    }

    @Override
    public String sign(byte[] privateKey, byte[] body) {
        try {
            PrivateKey key = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(privateKey));
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(key, RANDOM);
            signature.update(body);
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("webhook signing failed", e);
        }
    }

    /**
     * SHA-256 of a fixed label and the private key: 32 bytes no one learns from the public key or the signatures,
     * kept with the key (no second secret to store, rotate or encrypt).
     */
    @Override
    public String standardSecret(byte[] privateKey) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update("standard-webhooks secret v1\n".getBytes(StandardCharsets.US_ASCII));
            digest.update(privateKey);
            return SECRET_PREFIX + Base64.getEncoder().encodeToString(digest.digest());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    @Override
    public String standardSignature(String secret, String messageId, long timestampSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length())),
                    "HmacSHA256"));
            mac.update((messageId + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8));
            mac.update(body);
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }

    private static String pem(byte[] spki) {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(spki);
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }
}
