package payments.ports.time;

import java.time.Instant;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.ports.driven.Clock;
import payments.ports.driven.platform.SandboxClocks;

/**
 * "Now" for one platform: real time, plus, for a sandbox platform, however far its clock was advanced. Every
 * deadline a platform can observe (delayed rail outcomes, expiries) is computed against this.
 */
public final class PlatformClock {
    private final Clock clock;
    private final SandboxClocks offsets;

    public PlatformClock(Clock clock, SandboxClocks offsets) {
        this.clock = clock;
        this.offsets = offsets;
    }

    public Instant now(Caller caller) {
        return now(caller.platformId(), caller.environment());
    }

    public Instant now(PlatformId platform, Environment environment) {
        Instant real = clock.now();
        return environment == Environment.SANDBOX ? real.plusSeconds(offsets.offsetSeconds(platform)) : real;
    }

    /** The platform's now when its environment is not at hand (a production platform has no offset). */
    public Instant now(PlatformId platform) {
        return clock.now().plusSeconds(offsets.offsetSeconds(platform));
    }

    public Instant realNow() {
        return clock.now();
    }
}
