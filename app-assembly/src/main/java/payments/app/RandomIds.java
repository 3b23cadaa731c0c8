package payments.app;

import java.util.UUID;
import payments.ports.driven.Ids;

/** Random (version 4) UUIDs from the JDK's SecureRandom. */
final class RandomIds implements Ids {
    @Override
    public UUID newId() {
        return UUID.randomUUID();
    }
}
