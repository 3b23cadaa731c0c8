package payments.ports.walletauth;

import payments.core.validation.Fields;
import payments.core.wallet.WalletSchemas;

/** A challenge of a credential; a PASSKEY's needs {@code clientPublicKey}, the key its session will be sealed to. */
public record CredentialChallenge(String clientPublicKey) {
    /** From the optional JSON body of {@code POST /auth/credentials/{id}/challenge}; 400 naming every invalid field. */
    public static CredentialChallenge fromJson(Object body) {
        Fields f = body == null ? Fields.empty() : WalletSchemas.CHALLENGE.validate(body);
        return new CredentialChallenge(f.string("clientPublicKey").orElse(null));
    }
}
