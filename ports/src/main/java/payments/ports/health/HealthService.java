package payments.ports.health;

import payments.ports.driven.DatabaseHealth;

/** {@link HealthUseCases}: ready when the database answers. */
public final class HealthService implements HealthUseCases {
    private final DatabaseHealth database;

    public HealthService(DatabaseHealth database) {
        this.database = database;
    }

    @Override
    public boolean ready() {
        return database.answers();
    }
}
