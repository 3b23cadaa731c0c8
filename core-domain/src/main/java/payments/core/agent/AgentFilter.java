package payments.core.agent;

import java.time.Instant;
import payments.core.id.CustomerId;

/** {@code GET /agents}: each given criterion narrows the list (the instants are inclusive). */
public record AgentFilter(CustomerId customerId, Boolean paused, Boolean connected, Instant createdAfter,
                          Instant createdBefore, Instant updatedAfter, Instant updatedBefore) {
}
