package payments.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;

class QueryParamsTest {
    private static Map<String, Deque<String>> query(String name, String... values) {
        return Map.of(name, new ArrayDeque<>(List.of(values)));
    }

    @Test
    void a_route_reads_only_what_its_operation_declares_so_the_description_lists_every_parameter() {
        var params = new QueryParams(query("currency", "USD"), Set.of("currency"));
        assertEquals("USD", params.currency("currency"));
        params.done();

        var undeclared = new QueryParams(Map.of(), Set.of("currency"));
        assertThrows(IllegalStateException.class, () -> undeclared.string("customerId"));
    }

    @Test
    void unknown_and_bad_parameters_are_one_400_naming_each() {
        var params = new QueryParams(Map.of("limit", new ArrayDeque<>(List.of("0")),
                "colour", new ArrayDeque<>(List.of("red"))), Set.of("limit", "cursor"));
        params.page();
        var refused = assertThrows(payments.core.error.DomainError.class, params::done);
        assertEquals(Set.of("limit", "colour"), Set.copyOf(InvalidFields.errorsOf(refused).stream()
                .map(FieldError::field).toList()));
    }
}
