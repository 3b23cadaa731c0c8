package payments.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The reduced fault suite CI runs: three SIGKILLs across two server processes, and a PostgreSQL restart. */
class FaultsTest {
    @Test
    void acknowledged_payments_survive_kills_and_a_database_restart_without_doubles() throws Exception {
        Path jar = Path.of("..", "app-assembly", "target", "payments-server.jar");
        assertTrue(jar.toFile().isFile(), "build app-assembly first: " + jar.toAbsolutePath());
        assertTrue(Faults.run(jar, 3, 2));
    }
}
