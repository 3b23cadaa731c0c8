package payments.ports.fakes;

import java.time.Duration;
import java.time.Instant;
import payments.ports.driven.Clock;

/** A clock that only moves when a test moves it. */
public final class FakeClock implements Clock {
    public static final Instant START = Instant.parse("2025-01-01T00:00:00Z");
    private Instant now;

    public FakeClock() {
        this(START);
    }

    public FakeClock(Instant start) {
        this.now = start;
    }

    @Override
    public Instant now() {
        return now;
    }

    public void set(Instant instant) {
        now = instant;
    }

    public Instant advance(Duration by) {
        now = now.plus(by);
        return now;
    }
}
