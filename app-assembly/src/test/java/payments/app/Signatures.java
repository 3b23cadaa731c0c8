package payments.app;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * How a platform verifies a webhook with the JDK alone: {@link #readmeVerify} is, line for line, the README's
 * "Verifying webhooks" snippet, so the tests prove the documented code works.
 */
final class Signatures {
    private Signatures() {
    }

    static boolean verify(String publicKeyPem, byte[] body, String header) {
        try {
            return readmeVerify(publicKeyPem, body, header);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The Standard Webhooks check, as its published libraries make it: HMAC-SHA256 with the secret after
     * {@code whsec_}, over {@code id.timestamp.body}, compared with each {@code v1,} entry of the header.
     */
    static boolean standardVerify(String secret, String id, String timestamp, byte[] body, String header) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(Base64.getDecoder().decode(
                    secret.substring("whsec_".length())), "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
            return java.util.Arrays.asList(header.split(" ")).contains(expected);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    static boolean readmeVerify(String publicKeyPem, byte[] body, String header) throws GeneralSecurityException {
        byte[] spki = Base64.getMimeDecoder().decode(publicKeyPem.replaceAll("-----[A-Z ]+-----", ""));
        PublicKey key = KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(spki));
        String s = header.trim().startsWith("{")
                ? header.replaceAll(".*\"s\"\\s*:\\s*\"([^\"]+)\".*", "$1") : header.trim();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(key);
        verifier.update(body);
        return verifier.verify(Base64.getDecoder().decode(s));
    }
}
