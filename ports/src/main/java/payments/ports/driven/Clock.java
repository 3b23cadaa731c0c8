package payments.ports.driven;

import java.time.Instant;

/** The only source of "now" for the core, so every delay is testable without sleeping. */
public interface Clock {
    Instant now();
}
