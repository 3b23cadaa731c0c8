package payments.ports.walletauth;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.platform.Caller;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.Credential;
import payments.ports.driven.wallet.AuthChallenges;
import payments.ports.driven.wallet.OtpSender;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.wallet.SignedRetry;

/**
 * The one-time codes of OTP credentials: a challenge stores the code's hash with a fresh target key and sends the code;
 * a check opens the bundle the client sealed the code in with the latest challenge's key.
 */
public final class OtpCodes {
    static final String SANDBOX_OTP = "000000";

    private final AuthChallenges challenges;
    private final WalletCrypto crypto;
    private final OtpSender sender;

    public OtpCodes(AuthChallenges challenges, WalletCrypto crypto, OtpSender sender) {
        this.challenges = challenges;
        this.crypto = crypto;
        this.sender = sender;
    }

    /** A code check's outcome: the key the client sealed the code with, or why it failed (its attempt counted). */
    record CodeCheck(String publicKey, RuntimeException failure) {
    }

    void requireUnderLimit(Caller caller, Credential credential, Instant now) {
        AuthChallenge.requireUnderLimit(challenges.countSince(caller.platformId(), credential.id(),
                now.minus(AuthChallenge.WINDOW)));
    }

    /**
     * A new OTP challenge {@code id} of the credential: its code sent (the sandbox's is fixed), and the bundle of the
     * challenge's target key returned, which the client seals the code to.
     */
    String send(Caller caller, Credential credential, UUID id, Instant now) {
        WalletCrypto.TargetKey target = crypto.newTargetKey();
        String code = caller.isSandbox() ? SANDBOX_OTP : String.format("%06d",
                Math.floorMod(ByteBuffer.wrap(crypto.randomBytes(Long.BYTES)).getLong(), 1_000_000L));
        challenges.insert(caller.platformId(), new AuthChallenge(id, credential.accountId(), credential.id(),
                credential.type(), null, null, target.publicKeyUncompressed(), target.privateScalar(),
                crypto.sha256Hex(code.getBytes(StandardCharsets.UTF_8)), 0, now, now.plus(AuthChallenge.LIFETIME),
                null));
        if (!caller.isSandbox()) {
            sender.send(credential.type(), credential.identity(), code);
        }
        return crypto.otpTargetBundle(target);
    }

    /** Opens the bundle with the latest challenge's target key; a wrong code counts an attempt (and commits it). */
    CodeCheck check(Caller caller, Credential credential, String bundle, Instant now) {
        AuthChallenge challenge = challenges.latestForUpdate(caller.platformId(), credential.id())
                .filter(c -> c.isUsable(now))
                .orElseThrow(() -> SignedRetry.failedCheck("No usable OTP challenge; call /challenge first"));
        WalletCrypto.OtpBundle opened;
        try {
            opened = crypto.openOtpBundle(bundle, new WalletCrypto.TargetKey(challenge.targetPublicKey(),
                    challenge.targetPrivate()));
        } catch (WalletCrypto.InvalidBundle e) {
            throw InvalidFields.of("encryptedOtpBundle", "cannot be opened with this challenge's target key");
        }
        if (!MessageDigest.isEqual(crypto.sha256Hex(opened.otpCode().getBytes(StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.US_ASCII), challenge.codeSha256().getBytes(StandardCharsets.US_ASCII))) {
            challenges.recordAttempt(caller.platformId(), challenge.id());
            return new CodeCheck(null, SignedRetry.failedCheck("Invalid OTP code"));
        }
        challenges.consume(caller.platformId(), challenge.id(), now);
        return new CodeCheck(opened.publicKey(), null);
    }
}
