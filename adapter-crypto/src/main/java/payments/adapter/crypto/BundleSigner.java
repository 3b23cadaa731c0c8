package payments.adapter.crypto;

import java.math.BigInteger;

/**
 * The service's long-lived bundle-signing key (Turnkey's "enclave quorum" key). It signs the hex-decoded
 * {@code data} of OTP target bundles and export bundles; clients pin its public key
 * ({@code dangerouslyOverrideSignerPublicKey}). The scalar never leaves this object.
 */
final class BundleSigner {
    private final BigInteger scalar;
    private final String publicUncompressedHex;

    BundleSigner(BigInteger scalar) {
        this.scalar = scalar;
        this.publicUncompressedHex = P256.uncompressedHex(P256.publicOf(scalar));
    }

    /** {@code enclaveQuorumPublic}: uncompressed lowercase hex. */
    String publicKey() {
        return publicUncompressedHex;
    }

    /** {@code dataSignature}: low-S DER hex over the data bytes (not over their hex). */
    String sign(byte[] data) {
        return P256.HEX.formatHex(P256.signDer(scalar, data));
    }

    @Override
    public String toString() {
        return "BundleSigner[" + publicUncompressedHex + "]";
    }
}
