package payments.app;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import payments.ports.driven.Clock;

/** Wall-clock time, truncated to the microseconds PostgreSQL stores, so what is returned is what is read back. */
final class SystemClock implements Clock {
    @Override
    public Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
