package payments.core.account;

/** Service-held fiat, service-held crypto, or a self-custodial embedded wallet. */
public enum InternalAccountType {
    INTERNAL_FIAT, INTERNAL_CRYPTO, EMBEDDED_WALLET
}
