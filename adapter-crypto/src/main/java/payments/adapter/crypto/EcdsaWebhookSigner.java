package payments.adapter.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import payments.ports.driven.webhook.WebhookSigner;

/**
 * Webhook signatures with the JDK alone: P-256 (secp256r1) keys, SHA256withECDSA, whose output is already DER.
 * Public keys are PEM "PUBLIC KEY" (X.509 SubjectPublicKeyInfo), what {@code X509EncodedKeySpec} reads back.
 */
public final class EcdsaWebhookSigner implements WebhookSigner {
    private static final SecureRandom RANDOM = new SecureRandom();

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

    private static String pem(byte[] spki) {
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(spki);
        return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
    }
}
