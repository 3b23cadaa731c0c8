package payments.adapter.crypto;

import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.crypto.params.ECDomainParameters;
import org.bouncycastle.crypto.params.ECPrivateKeyParameters;
import org.bouncycastle.crypto.params.ECPublicKeyParameters;
import org.bouncycastle.crypto.signers.ECDSASigner;
import org.bouncycastle.crypto.signers.HMacDSAKCalculator;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.util.BigIntegers;

/**
 * P-256 (secp256r1): SEC1 point codec, private scalars, and ECDSA-SHA256 (design section 1 and 2).
 * Lenient on input (either point form, any hex case, high-S), strict on output (lowercase hex, low-S DER).
 * Failures are {@link IllegalArgumentException}s whose messages never contain key material.
 */
final class P256 {
    private static final X9ECParameters X9 = CustomNamedCurves.getByName("secp256r1");
    static final ECDomainParameters DOM = new ECDomainParameters(X9.getCurve(), X9.getG(), X9.getN(), X9.getH());
    private static final BigInteger N = DOM.getN();
    private static final BigInteger HALF_N = N.shiftRight(1);
    private static final Pattern KEY_HEX = Pattern.compile("^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$");
    static final HexFormat HEX = HexFormat.of();

    private P256() {
    }

    /** A validated point from compressed (66) or uncompressed (130) hex, any case. */
    static ECPoint pointFromHex(String hex) {
        if (hex == null || !KEY_HEX.matcher(hex).matches()) {
            throw new IllegalArgumentException("not a 66-hex compressed or 130-hex uncompressed P-256 key");
        }
        return point(HEX.parseHex(hex));
    }

    /** A validated point from 33-byte compressed or 65-byte uncompressed SEC1 bytes. */
    static ECPoint point(byte[] sec1) {
        boolean compressed = sec1.length == 33 && (sec1[0] == 2 || sec1[0] == 3);
        boolean uncompressed = sec1.length == 65 && sec1[0] == 4;
        if (!compressed && !uncompressed) {
            throw new IllegalArgumentException("bad SEC1 length or prefix");
        }
        ECPoint p;
        try {
            p = DOM.getCurve().decodePoint(sec1).normalize();   // BC checks the curve equation here
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("point is not on P-256");
        }
        if (p.isInfinity() || !p.isValid()) {
            throw new IllegalArgumentException("point is not on P-256");
        }
        return p;
    }

    static byte[] compressed(ECPoint p) {
        return p.getEncoded(true);
    }

    static byte[] uncompressed(ECPoint p) {
        return p.getEncoded(false);
    }

    static String compressedHex(ECPoint p) {
        return HEX.formatHex(compressed(p));
    }

    static String uncompressedHex(ECPoint p) {
        return HEX.formatHex(uncompressed(p));
    }

    /** A private scalar from its 32-byte big-endian form; must lie in [1, n-1]. */
    static BigInteger scalar(byte[] d32) {
        if (d32 == null || d32.length != 32) {
            throw new IllegalArgumentException("private scalar must be 32 bytes");
        }
        BigInteger d = new BigInteger(1, d32);
        if (d.signum() == 0 || d.compareTo(N) >= 0) {
            throw new IllegalArgumentException("private scalar out of range");
        }
        return d;
    }

    /** 32 bytes, big-endian, left-padded with zeros. */
    static byte[] fixed32(BigInteger d) {
        return BigIntegers.asUnsignedByteArray(32, d);
    }

    static ECPoint publicOf(BigInteger d) {
        return DOM.getG().multiply(d).normalize();
    }

    /** A uniformly random scalar in [1, n-1]. */
    static BigInteger newScalar(SecureRandom random) {
        return BigIntegers.createRandomInRange(BigInteger.ONE, N.subtract(BigInteger.ONE), random);
    }

    /** ECDSA over SHA-256(msg): RFC 6979 deterministic k, low-S, ASN.1 DER. */
    static byte[] signDer(BigInteger d, byte[] msg) {
        ECDSASigner signer = new ECDSASigner(new HMacDSAKCalculator(new SHA256Digest()));
        signer.init(true, new ECPrivateKeyParameters(d, DOM));
        BigInteger[] rs = signer.generateSignature(sha256(msg));
        // noble-curves v2 verifiers reject high-S by default.
        BigInteger s = rs[1].compareTo(HALF_N) > 0 ? N.subtract(rs[1]) : rs[1];
        try {
            return new DERSequence(new ASN1Integer[] {new ASN1Integer(rs[0]), new ASN1Integer(s)}).getEncoded("DER");
        } catch (IOException e) {
            throw new IllegalStateException("DER encoding of a signature failed", e);
        }
    }

    /** ECDSA verification over SHA-256(msg); high-S is accepted (Node's crypto.sign does not normalise). */
    static boolean verify(ECPoint q, byte[] msg, BigInteger r, BigInteger s) {
        ECDSASigner verifier = new ECDSASigner();
        verifier.init(false, new ECPublicKeyParameters(q, DOM));
        return verifier.verifySignature(sha256(msg), r, s);   // false for r or s outside [1, n-1]
    }

    /** (r, s) from canonical DER {@code SEQUENCE{INTEGER r, INTEGER s}}, or null if it is not exactly that. */
    static BigInteger[] parseDer(byte[] der) {
        try {
            ASN1Sequence seq = ASN1Sequence.getInstance(ASN1Primitive.fromByteArray(der));
            // Re-encoding must give the same bytes: rejects BER, long-form lengths, padding and trailing data.
            if (seq.size() != 2 || !Arrays.equals(seq.getEncoded("DER"), der)) {
                return null;
            }
            BigInteger r = ASN1Integer.getInstance(seq.getObjectAt(0)).getValue();
            BigInteger s = ASN1Integer.getInstance(seq.getObjectAt(1)).getValue();
            return r.signum() > 0 && s.signum() > 0 ? new BigInteger[] {r, s} : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** (r, s) from 64-byte raw r||s ({@code ApiKeyStamper.sign(.., "raw")}). */
    static BigInteger[] parseRaw(byte[] raw) {
        if (raw.length != 64) {
            return null;
        }
        return new BigInteger[] {
            new BigInteger(1, Arrays.copyOfRange(raw, 0, 32)), new BigInteger(1, Arrays.copyOfRange(raw, 32, 64))};
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every JDK", e);
        }
    }
}
