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
}
