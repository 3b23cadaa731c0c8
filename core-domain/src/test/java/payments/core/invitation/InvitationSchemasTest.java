package payments.core.invitation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import payments.core.error.InvalidInput;

class InvitationSchemasTest {
    private static String inviter(Object uma) {
        return InvitationSchemas.umaAddress(InvitationSchemas.CREATE.validate(Map.of("inviterUma", uma))
                .string("inviterUma").orElseThrow(),
                "inviterUma");
    }

    @Test
    void a_well_formed_uma_address_is_accepted() {
        assertEquals("$alice.b-c@pay.example.com", inviter("$alice.b-c@pay.example.com"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"alice@pay.example", "$alice", "$@pay.example", "$alice@localhost", "$a b@pay.example",
        "$alice@pay..example"})
    void a_malformed_uma_address_is_INVALID_UMA_ADDRESS(String uma) {
        InvalidInput e = assertThrows(InvalidInput.class, () -> inviter(uma));
        assertEquals("INVALID_UMA_ADDRESS", e.code());
        assertEquals("inviterUma", e.details().get("field"));
    }

    @Test
    void an_overlong_uma_address_is_INVALID_UMA_ADDRESS() {
        String uma = "$alice@" + "a".repeat(250) + ".example";
        assertEquals("INVALID_UMA_ADDRESS", assertThrows(InvalidInput.class, () -> inviter(uma)).code());
    }

    @Test
    void a_missing_or_non_string_address_and_bad_other_fields_are_INVALID_INPUT() {
        InvalidInput e = assertThrows(InvalidInput.class, () -> InvitationSchemas.CREATE.validate(Map.of(
                "inviterUma", 42, "amountToSend", 1.5, "expiresAt", "tomorrow", "firstName", "", "extra", true)));
        assertEquals("INVALID_INPUT", e.code());
        assertEquals(5, ((List<?>) e.details().get("errors")).size());
        assertEquals("INVALID_INPUT", assertThrows(InvalidInput.class,
                () -> InvitationSchemas.CLAIM.validate(Map.of())).code());
        assertEquals("INVALID_INPUT", assertThrows(InvalidInput.class,
                () -> InvitationSchemas.CANCEL.validate(Map.of("reason", "x"))).code());
    }
}
