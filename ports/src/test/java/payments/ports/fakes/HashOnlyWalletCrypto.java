package payments.ports.fakes;

import java.security.MessageDigest;
import java.util.HexFormat;
import payments.ports.driven.wallet.WalletCrypto;

/**
 * A WalletCrypto that only hashes: enough to issue signed-retry challenges in service tests. Real stamps, bundles
 * and keys are tested against the real adapter (adapter-crypto) and over HTTP (app-assembly).
 */
public final class HashOnlyWalletCrypto implements WalletCrypto {
    @Override
    public String sha256Hex(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String canonicalPublicKey(String hex) {
        throw new UnsupportedOperationException("keys are tested with the real adapter");
    }

    @Override
    public Stamp parseStamp(String headerValue) throws MalformedStamp {
        throw new MalformedStamp("this fake verifies no stamps");
    }

    @Override
    public boolean verify(Stamp stamp, byte[] payload) {
        return false;
    }

    @Override
    public byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new java.security.SecureRandom().nextBytes(bytes);
        return bytes;
    }

    @Override
    public String stamp(byte[] privateScalar, byte[] payload) {
        throw new UnsupportedOperationException("no signing in this fake");
    }

    @Override
    public TargetKey newTargetKey() {
        throw new UnsupportedOperationException("bundles are tested with the real adapter");
    }

    @Override
    public String otpTargetBundle(TargetKey target) {
        throw new UnsupportedOperationException("bundles are tested with the real adapter");
    }

    @Override
    public OtpBundle openOtpBundle(String encryptedOtpBundle, TargetKey target) throws InvalidBundle {
        throw new InvalidBundle("bundles are tested with the real adapter");
    }

    @Override
    public SealedSessionKey newSealedSessionKey(String clientPublicKey) {
        throw new UnsupportedOperationException("bundles are tested with the real adapter");
    }

    @Override
    public String exportBundle(String clientPublicKey, byte[] secret, String organizationId) {
        throw new UnsupportedOperationException("bundles are tested with the real adapter");
    }

    @Override
    public String bundleSigningPublicKey() {
        throw new UnsupportedOperationException("bundles are tested with the real adapter");
    }
}
