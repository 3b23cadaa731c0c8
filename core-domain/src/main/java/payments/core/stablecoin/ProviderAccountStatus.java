package payments.core.stablecoin;

import payments.core.error.InvalidInput;

/** Whether the provider accepts a link's credentials: usable, refused, or withdrawn by the provider. */
public enum ProviderAccountStatus {
    ACTIVE, INVALID, REVOKED;

    /** The 400 a call through a link in this status gets; null for an ACTIVE link. */
    InvalidInput refusal(String linkId) {
        if (this == INVALID) {
            return new InvalidInput("STABLECOIN_PROVIDER_ACCOUNT_INVALID", "The provider does not accept the "
                    + "credentials of " + linkId + "; link the account again with valid ones");
        }
        return this == REVOKED ? new InvalidInput("STABLECOIN_PROVIDER_ACCOUNT_REVOKED", "The provider revoked "
                + "the credentials of " + linkId + "; link the account again with new ones") : null;
    }
}
