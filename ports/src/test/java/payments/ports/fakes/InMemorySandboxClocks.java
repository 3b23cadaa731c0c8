package payments.ports.fakes;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import payments.core.id.PlatformId;
import payments.ports.driven.platform.SandboxClocks;

/** Each platform's clock offset, zero until advanced; like the table, it only moves forward. */
public final class InMemorySandboxClocks implements SandboxClocks {
    private final Map<PlatformId, Long> offsets = new HashMap<>();

    @Override
    public long offsetSeconds(PlatformId platform) {
        return offsets.getOrDefault(platform, 0L);
    }

    @Override
    public long advance(PlatformId platform, long seconds, Instant now) {
        if (seconds < 0) {
            throw new IllegalArgumentException("the sandbox clock never goes back");
        }
        return offsets.merge(platform, seconds, Long::sum);
    }
}
