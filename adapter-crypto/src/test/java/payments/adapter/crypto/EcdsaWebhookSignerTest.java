package payments.adapter.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import payments.ports.driven.webhook.WebhookSigner;

class EcdsaWebhookSignerTest {
    private final EcdsaWebhookSigner signer = new EcdsaWebhookSigner();

    private static PublicKey fromPem(String pem) throws Exception {
        String base64 = pem.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }

    private static boolean verifies(PublicKey key, byte[] body, String signature) throws Exception {
        Signature v = Signature.getInstance("SHA256withECDSA");
        v.initVerify(key);
        v.update(body);
        return v.verify(Base64.getDecoder().decode(signature));
    }

    @Test
    void a_signature_verifies_with_the_pem_public_key_using_only_the_jdk() throws Exception {
        WebhookSigner.NewKey key = signer.newKey();
        byte[] body = "{\"id\":\"Webhook:1\",\"type\":\"TEST\"}".getBytes(StandardCharsets.UTF_8);

        String signature = signer.sign(key.privateKey(), body);

        PublicKey publicKey = fromPem(key.publicKeyPem());
        assertTrue(verifies(publicKey, body, signature));
        assertFalse(verifies(publicKey, "{\"id\":\"Webhook:2\"}".getBytes(StandardCharsets.UTF_8), signature));
        assertEquals(0x30, Base64.getDecoder().decode(signature)[0], "a DER SEQUENCE");
    }

    @Test
    void keys_are_p256_pem_spki_and_each_key_is_new() throws Exception {
        WebhookSigner.NewKey a = signer.newKey();
        WebhookSigner.NewKey b = signer.newKey();

        assertTrue(a.publicKeyPem().startsWith("-----BEGIN PUBLIC KEY-----\n"));
        assertTrue(a.publicKeyPem().endsWith("\n-----END PUBLIC KEY-----\n"));
        assertTrue(a.publicKeyPem().lines().allMatch(l -> l.length() <= 64));
        assertEquals(256, ((ECPublicKey) fromPem(a.publicKeyPem())).getParams().getCurve().getField().getFieldSize());
        assertNotEquals(a.publicKeyPem(), b.publicKeyPem());
        assertFalse(verifies(fromPem(b.publicKeyPem()), new byte[] {1}, signer.sign(a.privateKey(), new byte[] {1})));
        assertFalse(a.toString().contains("PRIVATE"), "the private key never shows");
    }

    @Test
    void the_standard_webhooks_signature_matches_that_specifications_test_vector() {
        var signer = new EcdsaWebhookSigner();

        String signature = signer.standardSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L,
                "{\"test\": 2432232314}".getBytes(java.nio.charset.StandardCharsets.UTF_8));

        org.junit.jupiter.api.Assertions.assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", signature);
    }

    @Test
    void each_key_has_its_own_standard_secret_of_32_bytes_and_the_same_key_always_the_same() {
        var signer = new EcdsaWebhookSigner();
        byte[] one = signer.newKey().privateKey();
        byte[] two = signer.newKey().privateKey();

        String secret = signer.standardSecret(one);

        org.junit.jupiter.api.Assertions.assertTrue(secret.startsWith("whsec_"), secret);
        org.junit.jupiter.api.Assertions.assertEquals(32,
                java.util.Base64.getDecoder().decode(secret.substring("whsec_".length())).length);
        org.junit.jupiter.api.Assertions.assertEquals(secret, signer.standardSecret(one.clone()));
        org.junit.jupiter.api.Assertions.assertNotEquals(secret, signer.standardSecret(two));
    }
}
