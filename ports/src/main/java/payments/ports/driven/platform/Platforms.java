package payments.ports.driven.platform;

import java.util.Optional;
import payments.core.id.PlatformId;
import payments.core.platform.Platform;

public interface Platforms {
    Optional<Platform> find(PlatformId id);

    /** {@link #find}, the row locked until the transaction ends: changes of a platform's config apply in turn. */
    Optional<Platform> findForUpdate(PlatformId id);

    /** Raises {@link payments.core.error.Conflict} when a platform with this id exists. */
    void insert(Platform platform);

    void update(Platform platform);
}
