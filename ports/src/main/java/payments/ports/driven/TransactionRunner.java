package payments.ports.driven;

import java.util.function.Supplier;

/** Runs a unit of work in one database transaction: all of its writes commit together or none do. */
public interface TransactionRunner {
    <T> T inTransaction(Supplier<T> work);

    default void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }
}
