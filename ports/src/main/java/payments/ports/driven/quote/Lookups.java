package payments.ports.driven.quote;

import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.quote.Lookup;

public interface Lookups {
    void insert(Lookup lookup);

    Optional<Lookup> find(PlatformId platform, UUID id);
}
