package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.math.ec.ECPoint;
import payments.ports.driven.wallet.WalletCrypto;

/**
 * Wallet authentication formats (shared/design/wallet-crypto.md) on BouncyCastle's lightweight API, compatible
 * with Turnkey's SDKs. Holds the long-lived bundle-signing key; every other key is fresh per call.
 */
public final class BouncyCastleWalletCrypto implements WalletCrypto {
    private static final byte[] SEED_SALT =
            "payments/wallet-crypto/bundle-signing-key/v1".getBytes(US_ASCII);

    private final BundleSigner signer;
    private final SecureRandom random;
    private final OtpBundles otpBundles;
    private final ExportBundles exportBundles;

    /**
     * @param bundleSigningKey the 32-byte big-endian P-256 scalar of the bundle-signing key (copied, not kept)
     * @param random           source of target and session keys
     */
    public BouncyCastleWalletCrypto(byte[] bundleSigningKey, SecureRandom random) {
        this.signer = new BundleSigner(P256.scalar(bundleSigningKey));
        this.random = random;
        this.otpBundles = new OtpBundles(signer);
        this.exportBundles = new ExportBundles(signer);
    }

    /**
     * The bundle-signing key derived from a configured secret seed (at least 32 bytes): HKDF-SHA256 to 48 bytes,
     * reduced into [1, n-1] (FIPS 186-5 A.2.1, "extra random bits"), so any seed gives a valid, unbiased key.
     */
    public static BouncyCastleWalletCrypto fromSeed(byte[] seed, SecureRandom random) {
        if (seed == null || seed.length < 32) {
            throw new IllegalArgumentException("bundle-signing seed must be at least 32 bytes");
        }
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(seed, SEED_SALT, null));
        byte[] okm = new byte[48];
        hkdf.generateBytes(okm, 0, okm.length);
        BigInteger n1 = P256.DOM.getN().subtract(BigInteger.ONE);
        byte[] scalar = P256.fixed32(new BigInteger(1, okm).mod(n1).add(BigInteger.ONE));
        Arrays.fill(okm, (byte) 0);
        try {
            return new BouncyCastleWalletCrypto(scalar, random);
        } finally {
            Arrays.fill(scalar, (byte) 0);
        }
    }

    public static BouncyCastleWalletCrypto fromSeed(byte[] seed) {
        return fromSeed(seed, new SecureRandom());
    }

    /** A fresh random bundle-signing key: for development and tests, where no client pins the key. */
    public static BouncyCastleWalletCrypto generate(SecureRandom random) {
        byte[] scalar = P256.fixed32(P256.newScalar(random));
        try {
            return new BouncyCastleWalletCrypto(scalar, random);
        } finally {
            Arrays.fill(scalar, (byte) 0);
        }
    }

    @Override
    public String canonicalPublicKey(String hex) throws InvalidKey {
        return P256.compressedHex(point(hex));
    }

    @Override
    public Stamp parseStamp(String headerValue) throws MalformedStamp {
        return Stamps.parse(headerValue);
    }

    @Override
    public boolean verify(Stamp stamp, byte[] payload) {
        return Stamps.verify(stamp, payload);
    }

    @Override
    public byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    @Override
    public TargetKey newTargetKey() {
        BigInteger d = P256.newScalar(random);
        return new TargetKey(P256.uncompressedHex(P256.publicOf(d)), P256.fixed32(d));
    }

    @Override
    public String stamp(byte[] privateScalar, byte[] payload) {
        return Stamps.make(P256.scalar(privateScalar), payload);
    }

    @Override
    public String otpTargetBundle(TargetKey target) {
        return otpBundles.targetBundle(target);
    }

    @Override
    public OtpBundle openOtpBundle(String encryptedOtpBundle, TargetKey target) throws InvalidBundle {
        return OtpBundles.open(encryptedOtpBundle, target);
    }

    /** base58check(compress(enc) || ct), 81 bytes: what {@code @turnkey/crypto.decryptCredentialBundle} reads. */
    @Override
    public SealedSessionKey newSealedSessionKey(String clientPublicKey) throws InvalidKey {
        ECPoint client = point(clientPublicKey);
        BigInteger d = P256.newScalar(random);
        byte[] scalar = P256.fixed32(d);
        try {
            Hpke.Sealed sealed = Hpke.seal(client, scalar);
            byte[] encCompressed = P256.compressed(P256.point(sealed.enc()));
            String bundle = Base58Check.encode(Bytes.concat(encCompressed, sealed.ciphertext()));
            return new SealedSessionKey(P256.compressedHex(P256.publicOf(d)), bundle);
        } finally {
            Arrays.fill(scalar, (byte) 0);   // the session's private key is never kept
        }
    }

    @Override
    public String exportBundle(String clientPublicKey, byte[] secret, String organizationId) throws InvalidKey {
        return exportBundles.bundle(point(clientPublicKey), secret, organizationId);
    }

    @Override
    public String bundleSigningPublicKey() {
        return signer.publicKey();
    }

    @Override
    public String sha256Hex(byte[] data) {
        return P256.HEX.formatHex(P256.sha256(data));
    }

    private static ECPoint point(String hex) throws InvalidKey {
        try {
            return P256.pointFromHex(hex);
        } catch (IllegalArgumentException e) {
            throw new InvalidKey("public key: " + e.getMessage());
        }
    }
}
