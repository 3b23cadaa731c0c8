package payments.adapter.crypto;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bouncycastle.math.ec.ECPoint;
import payments.ports.driven.wallet.WalletCrypto.MalformedStamp;
import payments.ports.driven.wallet.WalletCrypto.Stamp;

/**
 * The {@code Service-Wallet-Signature} stamp (design section 2): base64url(JSON{publicKey, scheme, signature}),
 * exactly what {@code @turnkey/api-key-stamper} puts in X-Stamp. Key order is free and extra keys are ignored.
 */
final class Stamps {
    static final Set<String> SCHEMES = Set.of("SIGNATURE_SCHEME_TK_API_P256", "P256_ECDSA_SHA256");

    private Stamps() {
    }

    /** The {@code Service-Wallet-Signature} value of a stamp over {@code payload} by the key of scalar {@code d}. */
    static String make(java.math.BigInteger d, byte[] payload) {
        String json = "{\"publicKey\":\"" + P256.compressedHex(P256.publicOf(d))
                + "\",\"scheme\":\"SIGNATURE_SCHEME_TK_API_P256\",\"signature\":\""
                + P256.HEX.formatHex(P256.signDer(d, payload)) + "\"}";
        return java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    static Stamp parse(String headerValue) throws MalformedStamp {
        JsonNode json;
        try {
            json = Json.object(Bytes.fromBase64Lenient(headerValue == null ? null : headerValue.trim()));
        } catch (IllegalArgumentException e) {
            throw new MalformedStamp("stamp is not base64url JSON");
        }
        String publicKey = field(json, "publicKey");
        String scheme = field(json, "scheme");
        String signatureHex = field(json, "signature");
        if (!SCHEMES.contains(scheme)) {
            throw new MalformedStamp("unknown stamp scheme");
        }
        String canonicalKey;
        try {
            canonicalKey = P256.compressedHex(P256.pointFromHex(publicKey));
        } catch (IllegalArgumentException e) {
            throw new MalformedStamp("stamp publicKey: " + e.getMessage());
        }
        byte[] signature;
        try {
            signature = P256.HEX.parseHex(signatureHex);
        } catch (IllegalArgumentException e) {
            throw new MalformedStamp("stamp signature is not hex");
        }
        if (candidates(signature).isEmpty()) {
            throw new MalformedStamp("stamp signature is neither canonical DER nor 64-byte r||s");
        }
        return new Stamp(canonicalKey, scheme, signature);
    }

    /** ECDSA-SHA256 over the exact payload bytes; any defect in the stamp is simply "not valid". */
    static boolean verify(Stamp stamp, byte[] payload) {
        if (stamp == null || payload == null || stamp.signature() == null) {
            return false;
        }
        ECPoint key;
        try {
            key = P256.pointFromHex(stamp.publicKey());
        } catch (IllegalArgumentException e) {
            return false;
        }
        for (BigInteger[] rs : candidates(stamp.signature())) {
            if (P256.verify(key, payload, rs[0], rs[1])) {
                return true;
            }
        }
        return false;
    }

    /**
     * The (r, s) readings of a signature: canonical DER, and for 64 bytes also raw r||s. A 64-byte DER signature
     * is possible (both values a few bytes short), so a 64-byte value is tried both ways rather than guessed.
     */
    private static List<BigInteger[]> candidates(byte[] signature) {
        List<BigInteger[]> out = new ArrayList<>(2);
        BigInteger[] der = P256.parseDer(signature);
        if (der != null) {
            out.add(der);
        }
        BigInteger[] raw = P256.parseRaw(signature);
        if (raw != null) {
            out.add(raw);
        }
        return out;
    }

    private static String field(JsonNode json, String name) throws MalformedStamp {
        try {
            return Json.text(json, name);
        } catch (IllegalArgumentException e) {
            throw new MalformedStamp("stamp " + e.getMessage());
        }
    }
}
