package payments.ports.fakes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.platform.Platform;
import payments.ports.driven.platform.Platforms;

public final class InMemoryPlatforms implements Platforms {
    private final Map<PlatformId, Platform> byId = new LinkedHashMap<>();

    @Override
    public Optional<Platform> find(PlatformId id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Nothing runs concurrently in memory, so there is nothing to lock. */
    @Override
    public Optional<Platform> findForUpdate(PlatformId id) {
        return find(id);
    }

    @Override
    public void insert(Platform platform) {
        if (byId.putIfAbsent(platform.id(), platform) != null) {
            throw new Conflict("CONFLICT", "Platform " + platform.id() + " already exists");
        }
    }

    @Override
    public void update(Platform platform) {
        byId.computeIfPresent(platform.id(), (id, old) -> platform);
    }

    public int count() {
        return byId.size();
    }
}
