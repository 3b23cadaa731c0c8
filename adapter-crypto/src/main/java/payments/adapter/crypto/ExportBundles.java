package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;

import org.bouncycastle.math.ec.ECPoint;

/**
 * {@code encryptedWalletCredentials} (design section 7), the shape {@code @turnkey/crypto.decryptExportBundle}
 * verifies: the signer checks the hex-decoded {@code data}, which binds the sealed secret to the organization.
 */
final class ExportBundles {
    private final BundleSigner signer;

    ExportBundles(BundleSigner signer) {
        this.signer = signer;
    }

    String bundle(ECPoint clientKey, byte[] secret, String organizationId) {
        if (organizationId == null || organizationId.isEmpty()) {
            throw new IllegalArgumentException("organizationId is required");
        }
        Hpke.Sealed sealed = Hpke.seal(clientKey, secret);
        byte[] data = Json.write(
                "encappedPublic", P256.HEX.formatHex(sealed.enc()),
                "ciphertext", P256.HEX.formatHex(sealed.ciphertext()),
                "organizationId", organizationId).getBytes(UTF_8);
        return Json.write(
                "version", "v1.0.0",
                "data", P256.HEX.formatHex(data),
                "dataSignature", signer.sign(data),
                "enclaveQuorumPublic", signer.publicKey());
    }
}
