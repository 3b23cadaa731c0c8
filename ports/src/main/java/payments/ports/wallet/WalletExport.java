package payments.ports.wallet;

import java.util.Objects;
import payments.core.wallet.WalletSchemas;

/** Export a wallet's secret, sealed to {@code clientPublicKey} (P-256 hex). */
public record WalletExport(String clientPublicKey) {
    public WalletExport {
        Objects.requireNonNull(clientPublicKey, "clientPublicKey");
    }

    /** From the JSON body of {@code POST /internal-accounts/{id}/export}; 400 naming every invalid field. */
    public static WalletExport fromJson(Object body) {
        return new WalletExport(WalletSchemas.CLIENT_KEY.validate(body).string("clientPublicKey").orElseThrow());
    }
}
