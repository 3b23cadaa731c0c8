package payments.bench;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;

/**
 * Two ways to drive an operation: closed loop (N workers back to back: the peak rate) and open loop (a fixed
 * arrival rate: latency measured from each request's intended start, so a slow server cannot hide its queue).
 */
final class Load {
    private Load() {
    }

    record Result(long ok, long failed, double seconds, Histogram latency) {
        double rate() {
            return ok / seconds;
        }

        double p(double percentile) {
            return latency.getValueAtPercentile(percentile) / 1_000_000.0;
        }
    }

    static Result closedLoop(Supplier<CompletableFuture<Boolean>> operation, int workers, long seconds) {
        Recorder recorder = new Recorder(3);
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        CountDownLatch done = new CountDownLatch(workers);
        long started = System.nanoTime();
        for (int w = 0; w < workers; w++) {
            next(operation, recorder, ok, failed, end, done);
        }
        await(done);
        return new Result(ok.get(), failed.get(), (System.nanoTime() - started) / 1e9, recorder.getIntervalHistogram());
    }

    private static void next(Supplier<CompletableFuture<Boolean>> operation, Recorder recorder, AtomicLong ok,
                             AtomicLong failed, long end, CountDownLatch done) {
        if (System.nanoTime() >= end) {
            done.countDown();
            return;
        }
        long start = System.nanoTime();
        operation.get().whenComplete((success, error) -> {
            recorder.recordValue(System.nanoTime() - start);
            (Boolean.TRUE.equals(success) ? ok : failed).incrementAndGet();
            next(operation, recorder, ok, failed, end, done);
        });
    }

    static Result openLoop(Supplier<CompletableFuture<Boolean>> operation, double perSecond, long seconds) {
        Recorder recorder = new Recorder(3);
        AtomicLong ok = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long count = (long) (perSecond * seconds);
        CountDownLatch done = new CountDownLatch((int) count);
        long interval = (long) (1e9 / perSecond);
        long started = System.nanoTime();
        for (long i = 0; i < count; i++) {
            long intended = started + i * interval;
            long wait = intended - System.nanoTime();
            if (wait > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
            operation.get().whenComplete((success, error) -> {
                recorder.recordValue(System.nanoTime() - intended);
                (Boolean.TRUE.equals(success) ? ok : failed).incrementAndGet();
                done.countDown();
            });
        }
        await(done);
        return new Result(ok.get(), failed.get(), (System.nanoTime() - started) / 1e9, recorder.getIntervalHistogram());
    }

    private static void await(CountDownLatch done) {
        try {
            if (!done.await(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException("load did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
