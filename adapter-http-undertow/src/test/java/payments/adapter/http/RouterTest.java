package payments.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import payments.core.platform.Permission;

class RouterTest {
    private final Handler list = r -> null;
    private final Handler byId = r -> null;
    private final Handler removal = r -> null;
    private final Router router = new Router()
            .get("/customers/{customerId}", Permission.VIEW, Operation.of("test"), byId)
            .delete("/customers/{customerId}", Permission.MANAGE, Operation.of("test"), removal)
            .get("/customers/internal-accounts", Permission.VIEW, Operation.of("test"), list);

    @Test
    void the_most_literal_template_wins_whatever_the_order_of_registration() {
        var match = router.match("GET", "/customers/internal-accounts").orElseThrow();
        assertSame(list, match.handler());
        assertEquals(Map.of(), match.params());

        var customer = router.match("GET", "/customers/Customer:1").orElseThrow();
        assertSame(byId, customer.handler());
        assertEquals(Map.of("customerId", "Customer:1"), customer.params());
    }

    @Test
    void a_method_the_most_literal_template_lacks_is_405_not_a_lookup_of_the_literal_as_an_id() {
        var match = router.match("DELETE", "/customers/internal-accounts").orElseThrow();
        assertNull(match.handler());
        assertEquals(List.of("GET"), List.copyOf(match.allowedMethods()));

        var put = router.match("PUT", "/customers/Customer:1").orElseThrow();
        assertNull(put.handler());
        assertEquals(List.of("DELETE", "GET"), List.copyOf(put.allowedMethods()));
        assertTrue(router.match("GET", "/nowhere").isEmpty());
    }
}
