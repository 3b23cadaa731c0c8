package payments.ports.driven.platform;

import payments.core.id.PlatformId;

/** How far each sandbox platform's clock has been moved ahead of real time. */
public interface SandboxClocks {
    long offsetSeconds(PlatformId platform);

    /** Moves the platform's clock forward and returns the new offset. */
    long advance(PlatformId platform, long seconds, java.time.Instant now);
}
