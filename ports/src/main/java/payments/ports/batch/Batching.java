package payments.ports.batch;

import java.util.concurrent.Executor;
import java.util.function.Function;
import payments.ports.driven.Clock;
import payments.ports.driven.IdempotencyKeys;
import payments.ports.driven.TransactionRunner;

/**
 * What the group commits of the money-moving use cases run with: the Idempotency-Keys' store, the clock and the
 * database transaction of their batches, how many requests a batch takes, how many batches of one use case run at
 * once, how many requests may wait, the threads the batches run on, and what they tell monitoring.
 */
public record Batching(IdempotencyKeys keys, Clock clock, TransactionRunner tx, int maxBatch, int maxConcurrent,
                       int maxQueued, Executor executor, BatchMeter meter) {

    /** The same, with {@code maxConcurrent} batches of a use case at once. */
    public Batching withMaxConcurrent(int maxConcurrent) {
        return new Batching(keys, clock, tx, maxBatch, maxConcurrent, maxQueued, executor, meter);
    }

    /** A group commit of {@code step}'s requests ({@link KeyedBatch}). */
    public <C, T> GroupCommit<Request<C, T>, Answer<T>> groupCommit(KeyedBatch.Step<C, T> step) {
        return groupCommit(step, request -> null);
    }

    /** One whose batches never take a request whose {@code lockKey} a running batch holds ({@link GroupCommit}). */
    public <C, T> GroupCommit<Request<C, T>, Answer<T>> groupCommit(KeyedBatch.Step<C, T> step,
                                                                   Function<Request<C, T>, Object> lockKey) {
        String name = step.getClass().getSimpleName();
        KeyedBatch<C, T> batch = new KeyedBatch<>(step, keys, clock, tx);
        GroupCommit<Request<C, T>, Answer<T>> commit = new GroupCommit<>((requests, alone) -> {
            meter.batchRan(name, requests.size());
            return batch.run(requests, alone);
        }, lockKey, maxBatch, maxConcurrent, maxQueued, executor);
        meter.queue(name, commit::queued);
        return commit;
    }
}
