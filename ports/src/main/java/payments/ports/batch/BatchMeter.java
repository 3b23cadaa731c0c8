package payments.ports.batch;

import java.util.function.IntSupplier;

/** What the group commits tell monitoring: how many requests wait for each, and the size of each batch they run. */
public interface BatchMeter {
    /** A group commit named {@code name} exists; {@code waiting} tells how many of its requests are queued now. */
    void queue(String name, IntSupplier waiting);

    /** A batch of {@code requests} requests of {@code name} is about to run. */
    void batchRan(String name, int requests);
}
