package payments.ports.stablecoin;

import java.util.UUID;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.StablecoinNetwork;
import payments.core.stablecoin.StablecoinSchemas;
import payments.core.validation.Fields;

/**
 * A token the platform created at the provider, to register: {@code providerAccountId} (the link's id) may be null
 * when the platform has one ACTIVE link.
 */
public record RegisterStablecoin(String providerTokenIdentifier, String networkTokenIdentifier,
                                 StablecoinNetwork network, UUID providerAccountId) {
    /** From the JSON body of {@code POST /stablecoins}; 400 naming every invalid field. */
    public static RegisterStablecoin fromJson(Object body) {
        Fields f = StablecoinSchemas.REGISTER.validate(body);
        return new RegisterStablecoin(f.string("providerTokenIdentifier").orElseThrow(),
                f.string("networkTokenIdentifier").orElseThrow(),
                StablecoinNetwork.valueOf(f.string("network").orElseThrow()),
                f.string("stablecoinProviderAccountId").map(id -> ProviderAccount.parseId(
                        "stablecoinProviderAccountId", id)).orElse(null));
    }
}
