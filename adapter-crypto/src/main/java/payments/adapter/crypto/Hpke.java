package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.math.BigInteger;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.hpke.HPKE;
import org.bouncycastle.crypto.hpke.HPKEContextWithEncapsulation;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Turnkey's HPKE profile (design section 4): RFC 9180 mode_base, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * AES-256-GCM, info "turnkey_hpke", AAD = enc (65) || pkR (65), both uncompressed. Plain HPKE libraries default to
 * an empty AAD and info; Turnkey's clients do not, so both are always passed. One message per context.
 */
final class Hpke {
    static final byte[] INFO = "turnkey_hpke".getBytes(US_ASCII);

    /** {@code enc} is the 65-byte uncompressed ephemeral key; {@code ciphertext} is ct || 16-byte tag. */
    record Sealed(byte[] enc, byte[] ciphertext) {
    }

    private Hpke() {
    }

    static Sealed seal(ECPoint recipient, byte[] plaintext) {
        HPKE hpke = suite();
        byte[] pkR = P256.uncompressed(recipient);
        // The two-step API: the AAD contains enc, which exists only after encapsulation.
        HPKEContextWithEncapsulation ctx = hpke.setupBaseS(hpke.deserializePublicKey(pkR), INFO);
        byte[] enc = ctx.getEncapsulation();
        try {
            return new Sealed(enc, ctx.seal(Bytes.concat(enc, pkR), plaintext));
        } catch (InvalidCipherTextException e) {
            throw new IllegalStateException("AES-GCM sealing failed", e);
        }
    }

    /** Opens with the recipient's scalar; {@code enc} may be compressed or uncompressed. */
    static byte[] open(byte[] enc, byte[] ciphertext, BigInteger recipientScalar) throws InvalidCipherTextException {
        HPKE hpke = suite();
        byte[] encU = P256.uncompressed(P256.point(enc));   // the KEM context always uses the 65-byte form
        byte[] pkR = P256.uncompressed(P256.publicOf(recipientScalar));
        AsymmetricCipherKeyPair kpR = hpke.deserializePrivateKey(P256.fixed32(recipientScalar), pkR);
        return hpke.setupBaseR(encU, kpR, INFO).open(Bytes.concat(encU, pkR), ciphertext);
    }

    private static HPKE suite() {
        return new HPKE(HPKE.mode_base, HPKE.kem_P256_SHA256, HPKE.kdf_HKDF_SHA256, HPKE.aead_AES_GCM256);
    }
}
