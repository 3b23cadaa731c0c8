package payments.ports.wallet;

import java.util.Objects;
import payments.core.wallet.WalletSchemas;

/** Move a session to a new client key: {@code clientPublicKey}, P-256 hex. */
public record SessionRefresh(String clientPublicKey) {
    public SessionRefresh {
        Objects.requireNonNull(clientPublicKey, "clientPublicKey");
    }

    /** From the JSON body of {@code POST /auth/sessions/{id}/refresh}; 400 naming every invalid field. */
    public static SessionRefresh fromJson(Object body) {
        return new SessionRefresh(WalletSchemas.CLIENT_KEY.validate(body).string("clientPublicKey").orElseThrow());
    }
}
