package payments.core.stablecoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.validation.ObjectSchema;

/** The request shapes: each variant takes its own fields only, and every invalid field is named. */
class StablecoinSchemasTest {
    @Test
    void a_mints_funding_source_takes_the_fields_of_its_type() {
        StablecoinSchemas.MINT.validate(Map.of("amount", "10000", "fundingSource", Map.of("type", "WIRE"),
                "destination", Map.of("accountId", "x")));
        StablecoinSchemas.MINT.validate(Map.of("amount", "10000", "fundingSource", Map.of("type",
                "PROVIDER_INTERNAL_BALANCE", "sourceTokenIdentifier", "usd", "cryptoNetwork", "SPARK"),
                "destination", Map.of("accountId", "x"), "description", "d"));
        assertEquals(List.of("fundingSource.externalAccountId"), refused(StablecoinSchemas.MINT, Map.of("amount",
                "10000", "fundingSource", Map.of("type", "WIRE", "externalAccountId", "e"), "destination",
                Map.of("accountId", "x"))));
        assertEquals(List.of("fundingSource.type"), refused(StablecoinSchemas.MINT, Map.of("amount", "10000",
                "fundingSource", Map.of("type", "CARD"), "destination", Map.of("accountId", "x"))));
        assertEquals(List.of("amount", "description", "destination.accountId"), refused(StablecoinSchemas.MINT,
                Map.of("amount", 10000, "fundingSource", Map.of("type", "WIRE"), "destination", Map.of(),
                        "description", "d".repeat(1025))));
    }

    @Test
    void a_burn_pays_out_to_an_external_account_over_a_fiat_rail() {
        Map<String, Object> destination = Map.of("type", "EXTERNAL_ACCOUNT", "externalAccountId", "e", "rail",
                "SAME_DAY_ACH_CREDIT");
        StablecoinSchemas.BURN.validate(Map.of("amount", "1", "source", Map.of("type", "EXTERNAL_ACCOUNT"),
                "destination", destination));
        assertEquals(List.of("source.accountId"), refused(StablecoinSchemas.BURN, Map.of("amount", "1", "source",
                Map.of("type", "SERVICE_INTERNAL_ACCOUNT"), "destination", destination)));
        assertEquals(List.of("destination.rail", "destination.type"), refused(StablecoinSchemas.BURN,
                Map.of("amount", "1", "source", Map.of("type", "PROVIDER_INTERNAL_BALANCE"), "destination",
                        Map.of("type", "INTERNAL_ACCOUNT", "externalAccountId", "e", "rail", "ACH"))));
    }

    @Test
    void a_link_names_the_one_provider_and_its_credentials() {
        StablecoinSchemas.LINK.validate(Map.of("provider", ProviderAccount.PROVIDER, "apiClientId", "id",
                "apiClientSecret", "secret"));
        assertEquals(List.of("apiClientSecret", "provider"), refused(StablecoinSchemas.LINK, Map.of("provider",
                "OTHER", "apiClientId", "id")));
        assertEquals(List.of("network", "zz"), refused(StablecoinSchemas.REGISTER, Map.of(
                "providerTokenIdentifier", "t", "networkTokenIdentifier", "n", "network", "SOLANA", "zz", 1)));
    }

    private static List<String> refused(ObjectSchema schema, Map<String, Object> body) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> schema.validate(body));
        return InvalidFields.errorsOf(e).stream().map(FieldError::field).sorted().toList();
    }
}
