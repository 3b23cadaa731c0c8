package payments.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorkersTest {
    @Test
    void a_round_that_throws_an_error_does_not_cancel_the_rounds_after_it() throws Exception {
        var executor = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger rounds = new AtomicInteger();
        try {
            executor.scheduleWithFixedDelay(() -> Workers.guarded("test", () -> {
                if (rounds.incrementAndGet() == 1) {
                    throw new OutOfMemoryError("simulated");
                }
            }), 0, 1, TimeUnit.MILLISECONDS);
            for (int i = 0; i < 500 && rounds.get() < 3; i++) {
                Thread.sleep(10);
            }
            assertTrue(rounds.get() >= 3, "rounds after the error: " + (rounds.get() - 1));
        } finally {
            executor.shutdownNow();
        }
    }
}
