package payments.ports.wallet;

import payments.core.wallet.WalletSchemas;

/** Change a wallet's privacy. */
public record WalletUpdate(boolean privateEnabled) {
    /** From the JSON body of {@code PATCH /internal-accounts/{id}}; 400 naming every invalid field. */
    public static WalletUpdate fromJson(Object body) {
        return new WalletUpdate(WalletSchemas.WALLET_UPDATE.validate(body).bool("privateEnabled").orElseThrow());
    }
}
