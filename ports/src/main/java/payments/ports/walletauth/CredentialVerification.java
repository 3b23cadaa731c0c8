package payments.ports.walletauth;

import java.util.Objects;
import payments.core.validation.Fields;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.WalletSchemas;

/**
 * Proof of a credential, to open a session: an OTP's {@code encryptedOtpBundle}, an OAUTH {@code oidcToken} with the
 * {@code clientPublicKey} to seal to, or a PASSKEY's {@code assertion}; {@code type} must be the credential's.
 */
public record CredentialVerification(AuthMethodType type, String encryptedOtpBundle, String oidcToken,
                                     String clientPublicKey, Assertion assertion) {
    public CredentialVerification {
        Objects.requireNonNull(type, "type");
    }

    /** A passkey's WebAuthn assertion. */
    public record Assertion(String credentialId, String clientDataJson, String authenticatorData, String signature,
                            String userHandle) {
    }

    /** From the JSON body of {@code POST /auth/credentials/{id}/verify}; 400 naming every invalid field. */
    public static CredentialVerification fromJson(Object body) {
        Fields f = WalletSchemas.VERIFY.validate(body);
        Assertion assertion = f.object("assertion").map(a -> new Assertion(a.string("credentialId").orElseThrow(),
                a.string("clientDataJson").orElseThrow(), a.string("authenticatorData").orElseThrow(),
                a.string("signature").orElseThrow(), a.string("userHandle").orElse(null))).orElse(null);
        return new CredentialVerification(AuthMethodType.valueOf(f.string("type").orElseThrow()),
                f.string("encryptedOtpBundle").orElse(null), f.string("oidcToken").orElse(null),
                f.string("clientPublicKey").orElse(null), assertion);
    }
}
