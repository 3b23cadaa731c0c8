package payments.core.platform;

import java.time.Instant;

/** Filters of {@code GET /tokens}; null means any. */
public record TokenFilter(String name, Instant createdAfter, Instant createdBefore, Instant updatedAfter,
                          Instant updatedBefore) {
}
