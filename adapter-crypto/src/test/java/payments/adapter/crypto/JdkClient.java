package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECFieldFp;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.BinaryOperator;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The client side, as {@code @turnkey/crypto} and {@code @turnkey/api-key-stamper} do it, written with the JDK
 * only: an implementation independent of BouncyCastle, so the tests check interoperability, not self-consistency.
 * HPKE here is RFC 9180 spelled out by hand (DHKEM P-256, HKDF-SHA256, AES-256-GCM).
 */
final class JdkClient {
    static final HexFormat HEX = HexFormat.of();
    static final ECParameterSpec P256;
    static final BigInteger N;
    static final byte[] KEM_SUITE = {'K', 'E', 'M', 0x00, 0x10};
    static final byte[] HPKE_SUITE = {'H', 'P', 'K', 'E', 0x00, 0x10, 0x00, 0x01, 0x00, 0x02};
    static final byte[] TURNKEY_INFO = "turnkey_hpke".getBytes(US_ASCII);

    static {
        try {
            AlgorithmParameters params = AlgorithmParameters.getInstance("EC");
            params.init(new ECGenParameterSpec("secp256r1"));
            P256 = params.getParameterSpec(ECParameterSpec.class);
            N = P256.getOrder();
        } catch (GeneralSecurityException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private JdkClient() {
    }

    static KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator gen = KeyPairGenerator.getInstance("EC");
        gen.initialize(P256);
        return gen.generateKeyPair();
    }

    static byte[] uncompressed(ECPublicKey key) {
        ECPoint w = key.getW();
        return concat(new byte[] {4}, concat(fixed32(w.getAffineX()), fixed32(w.getAffineY())));
    }

    static byte[] compress(byte[] uncompressed) {
        byte[] out = Arrays.copyOfRange(uncompressed, 0, 33);
        out[0] = (byte) (uncompressed[64] % 2 == 0 ? 2 : 3);
        return out;
    }

    /** y = sqrt(x^3 + ax + b) mod p; p = 3 mod 4, so the root is a power. */
    static byte[] decompress(byte[] compressed) {
        BigInteger p = ((ECFieldFp) P256.getCurve().getField()).getP();
        BigInteger x = new BigInteger(1, Arrays.copyOfRange(compressed, 1, 33));
        BigInteger rhs = x.pow(3).add(P256.getCurve().getA().multiply(x)).add(P256.getCurve().getB()).mod(p);
        BigInteger y = rhs.modPow(p.add(BigInteger.ONE).shiftRight(2), p);
        if (!y.modPow(BigInteger.TWO, p).equals(rhs)) {
            throw new IllegalArgumentException("x is not on the curve");
        }
        if (y.testBit(0) != (compressed[0] == 3)) {
            y = p.subtract(y);
        }
        return concat(new byte[] {4}, concat(fixed32(x), fixed32(y)));
    }

    static ECPublicKey publicKey(byte[] uncompressed) throws GeneralSecurityException {
        ECPoint w = new ECPoint(new BigInteger(1, Arrays.copyOfRange(uncompressed, 1, 33)),
                new BigInteger(1, Arrays.copyOfRange(uncompressed, 33, 65)));
        return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, P256));
    }

    static ECPrivateKey privateKey(byte[] scalar) throws GeneralSecurityException {
        return (ECPrivateKey) KeyFactory.getInstance("EC")
                .generatePrivate(new ECPrivateKeySpec(new BigInteger(1, scalar), P256));
    }

    static byte[] sign(ECPrivateKey key, byte[] message) throws GeneralSecurityException {
        Signature s = Signature.getInstance("SHA256withECDSA");
        s.initSign(key);
        s.update(message);
        return s.sign();
    }

    static boolean verify(byte[] publicUncompressed, byte[] message, byte[] der) throws GeneralSecurityException {
        Signature s = Signature.getInstance("SHA256withECDSA");
        s.initVerify(publicKey(publicUncompressed));
        s.update(message);
        return s.verify(der);
    }

    /** (r, s) of a DER signature, read by hand. */
    static BigInteger[] rs(byte[] der) {
        int rLen = der[3];
        BigInteger r = new BigInteger(Arrays.copyOfRange(der, 4, 4 + rLen));
        int sLen = der[5 + rLen];
        BigInteger s = new BigInteger(Arrays.copyOfRange(der, 6 + rLen, 6 + rLen + sLen));
        return new BigInteger[] {r, s};
    }

    /** DER {@code SEQUENCE{INTEGER r, INTEGER s}}; BigInteger's two's complement is DER's minimal INTEGER. */
    static byte[] der(BigInteger r, BigInteger s) {
        byte[] rb = r.toByteArray();
        byte[] sb = s.toByteArray();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x30);
        out.write(4 + rb.length + sb.length);
        out.write(2);
        out.write(rb.length);
        out.writeBytes(rb);
        out.write(2);
        out.write(sb.length);
        out.writeBytes(sb);
        return out.toByteArray();
    }

    /** Turnkey's AAD: enc || pkR, both uncompressed. */
    static final BinaryOperator<byte[]> TURNKEY_AAD = JdkClient::concat;

    /** RFC 9180 SealBase with Turnkey's info and AAD; returns enc (65) || ct || tag. */
    static byte[] hpkeSeal(byte[] pkR, byte[] plaintext) throws GeneralSecurityException {
        return hpkeSeal(pkR, plaintext, TURNKEY_INFO, TURNKEY_AAD);
    }

    /** SealBase with a chosen info and AAD rule (enc, pkR) -> aad, to reproduce interop mistakes. */
    static byte[] hpkeSeal(byte[] pkR, byte[] plaintext, byte[] info, BinaryOperator<byte[]> aad)
            throws GeneralSecurityException {
        KeyPair eph = newKeyPair();
        byte[] enc = uncompressed((ECPublicKey) eph.getPublic());
        byte[] shared = sharedSecret(ecdh((ECPrivateKey) eph.getPrivate(), pkR), enc, pkR);
        return concat(enc, aesGcm(Cipher.ENCRYPT_MODE, shared, info, aad.apply(enc, pkR), plaintext));
    }

    /** RFC 9180 OpenBase with Turnkey's info and AAD = enc || pkR. */
    static byte[] hpkeOpen(byte[] enc, byte[] ciphertext, ECPrivateKey skR, byte[] pkR)
            throws GeneralSecurityException {
        byte[] shared = sharedSecret(ecdh(skR, enc), enc, pkR);
        return aesGcm(Cipher.DECRYPT_MODE, shared, TURNKEY_INFO, concat(enc, pkR), ciphertext);
    }

    private static byte[] ecdh(ECPrivateKey mine, byte[] theirsUncompressed) throws GeneralSecurityException {
        KeyAgreement ka = KeyAgreement.getInstance("ECDH");
        ka.init(mine);
        ka.doPhase(publicKey(theirsUncompressed), true);
        return ka.generateSecret();   // the x-coordinate, as DHKEM wants
    }

    private static byte[] sharedSecret(byte[] dh, byte[] enc, byte[] pkR) throws GeneralSecurityException {
        byte[] eaePrk = labeledExtract(new byte[0], KEM_SUITE, "eae_prk", dh);
        return labeledExpand(eaePrk, KEM_SUITE, "shared_secret", concat(enc, pkR), 32);
    }

    private static byte[] aesGcm(int mode, byte[] shared, byte[] info, byte[] aad, byte[] input)
            throws GeneralSecurityException {
        byte[] context = keyScheduleContext(info);
        byte[] secret = labeledExtract(shared, HPKE_SUITE, "secret", new byte[0]);
        byte[] key = labeledExpand(secret, HPKE_SUITE, "key", context, 32);
        byte[] nonce = labeledExpand(secret, HPKE_SUITE, "base_nonce", context, 12);
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
        gcm.updateAAD(aad);
        return gcm.doFinal(input);
    }

    /** mode_base (0x00) || psk_id_hash || info_hash. */
    static byte[] keyScheduleContext(byte[] info) throws GeneralSecurityException {
        return concat(new byte[] {0}, concat(labeledExtract(new byte[0], HPKE_SUITE, "psk_id_hash", new byte[0]),
                labeledExtract(new byte[0], HPKE_SUITE, "info_hash", info)));
    }

    /** HKDF-Extract(salt, "HPKE-v1" || suite_id || label || ikm). */
    static byte[] labeledExtract(byte[] salt, byte[] suite, String label, byte[] ikm)
            throws GeneralSecurityException {
        // An empty salt means HashLen zero bytes (RFC 5869); JCA refuses an empty HMAC key.
        return hmac(salt.length == 0 ? new byte[32] : salt, concat(labeled(suite, label), ikm));
    }

    /** HKDF-Expand(prk, I2OSP(L, 2) || "HPKE-v1" || suite_id || label || info, L), L <= 32. */
    static byte[] labeledExpand(byte[] prk, byte[] suite, String label, byte[] info, int length)
            throws GeneralSecurityException {
        byte[] labeledInfo = concat(new byte[] {0, (byte) length}, concat(labeled(suite, label), info));
        return Arrays.copyOf(hmac(prk, concat(labeledInfo, new byte[] {1})), length);
    }

    private static byte[] labeled(byte[] suite, String label) {
        return concat(concat("HPKE-v1".getBytes(US_ASCII), suite), label.getBytes(US_ASCII));
    }

    private static byte[] hmac(byte[] key, byte[] data) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }

    static byte[] fixed32(BigInteger v) {
        byte[] b = v.toByteArray();
        byte[] out = new byte[32];
        int n = Math.min(b.length, 32);
        System.arraycopy(b, b.length - n, out, 32 - n, n);
        return out;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
