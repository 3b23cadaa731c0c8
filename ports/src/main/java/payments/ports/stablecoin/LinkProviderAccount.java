package payments.ports.stablecoin;

import payments.core.stablecoin.StablecoinSchemas;
import payments.core.validation.Fields;

/**
 * A link to make to the provider: the platform's API client there and, when those credentials reach several
 * accounts, which one. {@link #toString} never shows the secret.
 */
public record LinkProviderAccount(String apiClientId, String apiClientSecret, String providerAccountId) {
    /** From the JSON body of {@code POST /stablecoin-provider-accounts}; 400 naming every invalid field. */
    public static LinkProviderAccount fromJson(Object body) {
        Fields f = StablecoinSchemas.LINK.validate(body);
        return new LinkProviderAccount(f.string("apiClientId").orElseThrow(),
                f.string("apiClientSecret").orElseThrow(), f.string("providerAccountId").orElse(null));
    }

    @Override
    public String toString() {
        return "LinkProviderAccount[apiClientId=" + apiClientId + ", apiClientSecret=(hidden), providerAccountId="
                + providerAccountId + "]";
    }
}
