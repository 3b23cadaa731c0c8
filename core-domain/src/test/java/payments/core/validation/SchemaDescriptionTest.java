package payments.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules describe themselves as JSON Schema, so the API's published description is made from them. */
class SchemaDescriptionTest {
    private static final List<Class<?>> SCHEMA_CLASSES = List.of(payments.core.customer.CustomerSchemas.class,
            payments.core.platform.PlatformConfigSchemas.class, payments.core.platform.SandboxSchemas.class,
            payments.core.account.AccountSchemas.class, payments.core.account.AccountInfoSchemas.class,
            payments.core.wallet.WalletSchemas.class, payments.core.invitation.InvitationSchemas.class,
            payments.core.quote.QuoteSchemas.class, payments.core.transaction.TransactionSchemas.class,
            payments.core.transfer.TransferSchemas.class, payments.core.webhook.WebhookSchemas.class,
            payments.core.compliance.ComplianceSchemas.class, payments.core.crypto.CryptoSchemas.class);

    @Test
    void each_rule_describes_what_it_accepts() {
        assertEquals(Map.of("type", "string", "minLength", 1, "maxLength", 10), Types.string(1, 10).schema());
        assertEquals("email", Types.email().schema().get("format"));
        assertEquals("^[a-z]+$", Types.pattern("^[a-z]+$", 1, 5).schema().get("pattern"));
        assertEquals(List.of("A", "B"), Types.oneOf("A", "B").schema().get("enum"));
        assertEquals(Map.of("type", "integer", "format", "int64", "minimum", 1L, "maximum", 9L),
                Types.integer(1, 9).schema());
        assertEquals(Types.bool().schema(), ((Map<?, ?>) Types.arrayOf(Types.bool(), 0, 3).schema()).get("items"));

        Map<String, Object> object = ObjectSchema.of().required("name", Types.string())
                .optional("age", Types.integer(0, 150)).clearable("note", Types.string()).schema();

        assertEquals("object", object.get("type"));
        assertEquals(List.of("name"), object.get("required"));
        assertEquals(false, object.get("additionalProperties"), "unknown fields are refused, and said so");
        assertEquals(List.of(Types.string().schema(), Map.of("type", "null")),
                ((Map<?, ?>) ((Map<?, ?>) object.get("properties")).get("note")).get("oneOf"));

        Map<String, Object> variants = Types.variants("kind", Map.of("A", ObjectSchema.of()
                .required("kind", Types.oneOf("A")))).schema();
        assertEquals(1, ((List<?>) variants.get("oneOf")).size());
        Map<?, ?> variant = (Map<?, ?>) ((List<?>) variants.get("oneOf")).get(0);
        assertEquals(Map.of("type", "string", "const", "A"), ((Map<?, ?>) variant.get("properties")).get("kind"),
                "each variant pins its discriminator, so exactly one matches");
    }

    @Test
    void every_request_schema_of_the_core_is_described_down_to_its_last_field() throws Exception {
        int schemas = 0;
        for (Class<?> owner : SCHEMA_CLASSES) {
            for (Field f : owner.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && JsonType.class.isAssignableFrom(f.getType())) {
                    f.setAccessible(true);
                    List<String> blank = new ArrayList<>();
                    undescribed(((JsonType) f.get(null)).schema(), owner.getSimpleName() + "." + f.getName(), blank);
                    assertTrue(blank.isEmpty(), "described as {} (accepts anything, says nothing): " + blank);
                    schemas++;
                }
            }
        }
        assertTrue(schemas >= 40, schemas + " schemas");
    }

    /** The paths in {@code schema} that are an empty schema. */
    private static void undescribed(Object schema, String path, List<String> blank) {
        if (!(schema instanceof Map<?, ?> map)) {
            if (schema instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) {
                    undescribed(list.get(i), path + "[" + i + "]", blank);
                }
            }
            return;
        }
        if (map.isEmpty()) {
            blank.add(path);
            return;
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put((String) k, v));
        copy.forEach((key, value) -> {
            if (key.equals("properties") && value instanceof Map<?, ?> properties) {
                properties.forEach((name, property) -> undescribed(property, path + "." + name, blank));
            } else if (value instanceof Map || value instanceof List) {
                undescribed(value, path + "/" + key, blank);
            }
        });
    }
}
