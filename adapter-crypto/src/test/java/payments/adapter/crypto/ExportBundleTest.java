package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import payments.ports.driven.wallet.WalletCrypto.InvalidKey;

/** encryptedWalletCredentials, checked the way {@code @turnkey/crypto.decryptExportBundle} checks it. */
class ExportBundleTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HexFormat HEX = HexFormat.of();
    private static final String ORG = "InternalAccount:9b2f7a52-3f0c-4d8e-9a43-0c3b7e1f5d21";
    private static final String MNEMONIC = "abandon abandon abandon abandon abandon abandon abandon abandon "
            + "abandon abandon abandon about";

    private final BouncyCastleWalletCrypto crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());

    @Test
    void the_client_verifies_the_signature_checks_the_organization_and_reads_the_mnemonic() throws Exception {
        KeyPair client = JdkClient.newKeyPair();
        byte[] clientPublic = JdkClient.uncompressed((ECPublicKey) client.getPublic());

        String bundle = crypto.exportBundle(HEX.formatHex(JdkClient.compress(clientPublic)),
                MNEMONIC.getBytes(UTF_8), ORG);

        JsonNode json = JSON.readTree(bundle);
        assertEquals(List.of("version", "data", "dataSignature", "enclaveQuorumPublic"), names(json));
        assertEquals("v1.0.0", json.get("version").asText());
        assertEquals(crypto.bundleSigningPublicKey(), json.get("enclaveQuorumPublic").asText());
        byte[] data = HEX.parseHex(json.get("data").asText());
        assertTrue(JdkClient.verify(HEX.parseHex(crypto.bundleSigningPublicKey()), data,
                HEX.parseHex(json.get("dataSignature").asText())));

        JsonNode signed = JSON.readTree(data);
        assertEquals(List.of("encappedPublic", "ciphertext", "organizationId"), names(signed));
        assertEquals(ORG, signed.get("organizationId").asText());
        assertTrue(signed.get("encappedPublic").asText().matches("04[0-9a-f]{128}"));
        byte[] secret = JdkClient.hpkeOpen(HEX.parseHex(signed.get("encappedPublic").asText()),
                HEX.parseHex(signed.get("ciphertext").asText()), (ECPrivateKey) client.getPrivate(), clientPublic);
        assertEquals(MNEMONIC, new String(secret, UTF_8));
    }

    @Test
    void an_invalid_client_key_is_refused() {
        assertThrows(InvalidKey.class, () -> crypto.exportBundle("04" + "00".repeat(64), new byte[1], ORG));
    }

    private static List<String> names(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
