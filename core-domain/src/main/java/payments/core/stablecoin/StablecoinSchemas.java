package payments.core.stablecoin;

import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.string;

import java.util.List;
import java.util.Map;
import payments.core.validation.JsonType;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of the stablecoin routes (reference/stablecoins.md). */
public final class StablecoinSchemas {
    /** The fiat payout rails of a burn. */
    public static final List<String> PAYOUT_RAILS = List.of("WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT",
            "RTP_CREDIT");

    /** Token units as the reference writes them: decimal digits in a string (the command checks the range). */
    public static final JsonType AMOUNT = Types.pattern("^[0-9]+$", 1, 40);

    public static final ObjectSchema LINK = ObjectSchema.of()
            .required("provider", oneOf(ProviderAccount.PROVIDER))
            .required("apiClientId", string(1, 255))
            .required("apiClientSecret", string(1, 1000))
            .optional("providerAccountId", string(1, 255));

    public static final ObjectSchema REGISTER = ObjectSchema.of()
            .required("providerTokenIdentifier", string(1, 255))
            .required("networkTokenIdentifier", string(1, 255))
            .required("network", oneOf(StablecoinNetwork.class))
            .optional("stablecoinProviderAccountId", string(1, 100));

    public static final ObjectSchema MINT = ObjectSchema.of()
            .required("amount", AMOUNT)
            .required("fundingSource", Types.variants("type", Map.of(
                    "WIRE", kind("WIRE"),
                    "ACH_DEBIT", kind("ACH_DEBIT").required("externalAccountId", string(1, 100)),
                    "SAME_DAY_ACH_DEBIT", kind("SAME_DAY_ACH_DEBIT").required("externalAccountId", string(1, 100)),
                    "SERVICE_INTERNAL_ACCOUNT", kind("SERVICE_INTERNAL_ACCOUNT")
                            .required("accountId", string(1, 100)),
                    "PROVIDER_INTERNAL_BALANCE", kind("PROVIDER_INTERNAL_BALANCE")
                            .required("sourceTokenIdentifier", string(1, 255))
                            .required("cryptoNetwork", string(1, 50)))))
            .required("destination", ObjectSchema.of().required("accountId", string(1, 100)))
            .optional("description", string(1, 1024));

    public static final ObjectSchema BURN = ObjectSchema.of()
            .required("amount", AMOUNT)
            .required("source", Types.variants("type", Map.of(
                    "EXTERNAL_ACCOUNT", kind("EXTERNAL_ACCOUNT"),
                    "SERVICE_INTERNAL_ACCOUNT", kind("SERVICE_INTERNAL_ACCOUNT")
                            .required("accountId", string(1, 100)),
                    "PROVIDER_INTERNAL_BALANCE", kind("PROVIDER_INTERNAL_BALANCE"))))
            .required("destination", ObjectSchema.of()
                    .required("type", oneOf("EXTERNAL_ACCOUNT"))
                    .required("externalAccountId", string(1, 100))
                    .required("rail", oneOf(PAYOUT_RAILS.toArray(String[]::new))))
            .optional("description", string(1, 1024));

    private StablecoinSchemas() {
    }

    private static ObjectSchema kind(String type) {
        return ObjectSchema.of().required("type", oneOf(type));
    }
}
