package payments.ports.walletauth;

import java.util.List;
import java.util.Objects;
import payments.core.id.InternalAccountId;
import payments.core.validation.Fields;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.WalletSchemas;

/**
 * A credential to add to an embedded wallet: an OTP of the owner's email or phone, an OAUTH identity
 * ({@code oidcToken}), or a PASSKEY ({@code challenge} and {@code attestation}); {@code nickname} names a passkey.
 */
public record NewCredential(AuthMethodType type, InternalAccountId accountId, String oidcToken, String nickname,
                            String challenge, Attestation attestation) {
    public NewCredential {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(accountId, "accountId");
    }

    /** A passkey's WebAuthn registration. */
    public record Attestation(String credentialId, String clientDataJson, String attestationObject,
                              List<String> transports) {
    }

    /** From the JSON body of {@code POST /auth/credentials}; 400 naming every invalid field. */
    public static NewCredential fromJson(Object body) {
        Fields f = WalletSchemas.CREATE_CREDENTIAL.validate(body);
        Attestation attestation = f.object("attestation").map(a -> new Attestation(
                a.string("credentialId").orElseThrow(), a.string("clientDataJson").orElseThrow(),
                a.string("attestationObject").orElseThrow(), a.<String>list("transports").orElse(List.of())))
                .orElse(null);
        return new NewCredential(AuthMethodType.valueOf(f.string("type").orElseThrow()),
                InternalAccountId.parse("accountId", f.string("accountId").orElseThrow()),
                f.string("oidcToken").orElse(null), f.string("nickname").orElse(null),
                f.string("challenge").orElse(null), attestation);
    }
}
