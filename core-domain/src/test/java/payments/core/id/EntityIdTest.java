package payments.core.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.error.InvalidInput;

class EntityIdTest {
    @Test
    void an_id_reads_back_as_the_uuid_it_was_written_from_in_either_case() {
        Random random = new Random(20261124);
        for (int i = 0; i < 10_000; i++) {
            UUID value = new UUID(random.nextLong(), random.nextLong());
            String text = EntityId.format("Customer", value);
            assertEquals(value, EntityId.parse("Customer", "customerId", text));
            assertEquals(value, EntityId.parse("Customer", "customerId", "Customer:" + value.toString().toUpperCase()));
        }
        assertEquals(new UUID(0, 0), EntityId.parse("Customer", "id", "Customer:00000000-0000-0000-0000-000000000000"));
        assertEquals(new UUID(-1, -1), EntityId.parse("Customer", "id", "Customer:ffffffff-ffff-ffff-ffff-ffffffffffff"));
    }

    @Test
    void the_random_part_is_the_last_sixteen_hex_digits() {
        assertEquals("a456426614174000", EntityId.randomPart(UUID.fromString("123e4567-e89b-72d3-a456-426614174000")));
        assertEquals("0000000000000001", EntityId.randomPart(new UUID(-1, 1)));
        assertEquals("TX-A456426614174000", EntityId.reference("TX-",
                UUID.fromString("123e4567-e89b-72d3-a456-426614174000")));
    }

    @Test
    void anything_but_the_kind_a_colon_and_a_canonical_uuid_is_refused_naming_the_field() {
        String uuid = "123e4567-e89b-12d3-a456-426614174000";
        for (String text : List.of("", "Customer:", "Customer" + uuid, "Customer;" + uuid, "customer:" + uuid,
                "Transaction:" + uuid, "Customer:" + uuid + "0", "Customer:" + uuid.substring(1),
                "Customer:+1-1-1-1-1", "Customer:123e4567-e89b-12d3-a456_426614174000",
                "Customer:123e4567e-89b-12d3-a456-426614174000", "Customer:123e4567-e89b-12d3-a456-42661417400g",
                "Customer:123e4567-e89b-12d3-a456-42661417400\uff10", "Customer:123e4567-e89b-12d3-a456-42661417400\u0663",
                "Customer: 23e4567-e89b-12d3-a456-426614174000", "CustomerX" + uuid.substring(1) + "0")) {
            InvalidInput error = assertThrows(InvalidInput.class, () -> EntityId.parse("Customer", "customerId", text),
                    text);
            assertEquals("Invalid field customerId: must be an id of the form Customer:<uuid>", error.getMessage(),
                    text);
        }
        assertThrows(InvalidInput.class, () -> EntityId.parse("Customer", "customerId", null));
    }

    @Test
    void an_id_is_of_the_kind_its_prefix_and_colon_name() {
        assertTrue(EntityId.isOfKind("InternalAccount", "InternalAccount:x"));
        assertFalse(EntityId.isOfKind("InternalAccount", "ExternalAccount:123e4567-e89b-12d3-a456-426614174000"));
        assertFalse(EntityId.isOfKind("Customer", "Customer"));
        assertFalse(EntityId.isOfKind("Customer", "CustomerX:1"));
        assertFalse(EntityId.isOfKind("Customer", ""));
    }
}
