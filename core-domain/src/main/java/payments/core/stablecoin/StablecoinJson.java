package payments.core.stablecoin;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;

import java.util.Map;
import payments.core.id.EntityId;
import payments.core.json.JsonObject;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;

/**
 * The JSON of provider accounts, stablecoins and their operations as the API answers them, with their JSON Schema.
 * A link's credentials are not part of it.
 */
public final class StablecoinJson {
    private static final Map<String, Object> PROVIDER = enumOf(ProviderAccount.PROVIDER);
    private static final Map<String, Object> ENVIRONMENT = enumOf("SANDBOX", "PRODUCTION");

    public static final Map<String, Object> PROVIDER_ACCOUNT = object().required("id", string())
            .required("provider", PROVIDER).required("providerAccountId", string())
            .required("providerEnvironment", ENVIRONMENT).required("status", enumOf(ProviderAccountStatus.class))
            .optional("lastVerifiedAt", dateTime())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> STABLECOIN = object().required("id", string())
            .required("name", string()).required("symbol", string()).required("baseCurrency", string())
            .required("network", enumOf(StablecoinNetwork.class)).required("decimals", integer())
            .required("issuanceStatus", enumOf(IssuanceStatus.class))
            .required("serviceOperationsStatus", enumOf(ServiceOperationsStatus.class))
            .required("networkTokenIdentifier", string()).optional("currency", string())
            .required("provider", PROVIDER).required("stablecoinProviderAccountId", string())
            .required("providerEnvironment", ENVIRONMENT).required("providerTokenIdentifier", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> OPERATION = object().required("id", string())
            .required("stablecoinId", string()).required("operationType", enumOf(OperationType.class))
            .required("status", enumOf(OperationStatus.class))
            .required("amount", Map.of("type", "string", "pattern", "^[0-9]+$"))
            .required("provider", PROVIDER).required("providerEnvironment", ENVIRONMENT)
            .required("stablecoinProviderAccountId", string())
            .optional("source", object().required("type", enumOf("WIRE", "ACH_DEBIT", "SAME_DAY_ACH_DEBIT",
                            "EXTERNAL_ACCOUNT", "SERVICE_INTERNAL_ACCOUNT", "PROVIDER_INTERNAL_BALANCE"))
                    .optional("externalAccountId", string()).optional("accountId", string())
                    .optional("sourceTokenIdentifier", string()).optional("cryptoNetwork", string()).schema())
            .optional("fundingInstructions", anyObject("Where to send the funds or tokens: rail, network, address, "
                    + "valueType and the rail's details"))
            .optional("destination", object().required("accountId", string())
                    .optional("rail", enumOf(StablecoinSchemas.PAYOUT_RAILS.toArray(String[]::new))).schema())
            .optional("estimatedDelivery", object().optional("rail", string())
                    .optional("amount", Map.of("type", "string", "pattern", "^[0-9]+$"))
                    .optional("currency", string()).optional("timing", string()).schema())
            .optional("expiresAt", dateTime()).optional("providerStatus", string())
            .optional("failureReason", string()).optional("description", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema();

    private StablecoinJson() {
    }

    public static Map<String, Object> providerAccount(ProviderAccount a) {
        return JsonObject.of().put("id", a.wireId()).put("provider", ProviderAccount.PROVIDER)
                .put("providerAccountId", a.providerAccountId()).put("providerEnvironment", a.environment().name())
                .put("status", a.status().name()).put("lastVerifiedAt", a.lastVerifiedAt())
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    public static Map<String, Object> stablecoin(Stablecoin s) {
        return JsonObject.of().put("id", s.wireId()).put("name", s.token().name()).put("symbol", s.token().symbol())
                .put("baseCurrency", s.token().baseCurrency()).put("network", s.network().name())
                .put("decimals", s.token().decimals()).put("issuanceStatus", s.issuanceStatus().name())
                .put("serviceOperationsStatus", s.serviceOperationsStatus().name())
                .put("networkTokenIdentifier", s.networkTokenIdentifier()).put("currency", s.currency())
                .put("provider", ProviderAccount.PROVIDER)
                .put("stablecoinProviderAccountId", EntityId.format(ProviderAccount.KIND, s.providerAccountId()))
                .put("providerEnvironment", s.environment().name())
                .put("providerTokenIdentifier", s.providerTokenIdentifier())
                .put("createdAt", s.createdAt()).put("updatedAt", s.updatedAt()).map();
    }

    public static Map<String, Object> operation(StablecoinOperation o) {
        return JsonObject.of().put("id", o.wireId())
                .put("stablecoinId", EntityId.format(Stablecoin.KIND, o.stablecoinId()))
                .put("operationType", o.type().name()).put("status", o.status().name())
                .put("amount", Long.toString(o.amount())).put("provider", ProviderAccount.PROVIDER)
                .put("providerEnvironment", o.environment().name())
                .put("stablecoinProviderAccountId", EntityId.format(ProviderAccount.KIND, o.providerAccountId()))
                .put("source", o.source() == null ? null : o.source().json())
                .put("fundingInstructions", o.fundingInstructions())
                .put("destination", o.destination() == null ? null : o.destination().json())
                .put("estimatedDelivery", o.estimatedDelivery()).put("expiresAt", o.expiresAt())
                .put("providerStatus", o.providerStatus()).put("failureReason", o.failureReason())
                .put("description", o.description())
                .put("createdAt", o.createdAt()).put("updatedAt", o.updatedAt()).map();
    }
}
