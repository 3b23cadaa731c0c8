package payments.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Two ways to drive an operation (a blocking call that reports success): closed loop (N threads back to back: the
 * peak rate) and open loop (a fixed arrival rate: latency measured from each request's intended start, so a slow
 * server cannot hide its queue).
 */
final class Load {
    /** Threads serving the open loop's arrivals; a request waiting for one is late, and its latency shows it. */
    private static final int OPEN_LOOP_THREADS = 128;

    private Load() {
    }

    /** @param cpuPerOk CPU per successful operation in ms, {this JVM, PostgreSQL, steal share} ({@link CpuMeter}) */
    record Result(long ok, long failed, double seconds, Histogram latency, double[] cpuPerOk) {
        double rate() {
            return ok / seconds;
        }

        double p(double percentile) {
            return latency.getValueAtPercentile(percentile) / 1_000_000.0;
        }
    }

    private record Tally(Recorder recorder, AtomicLong ok, AtomicLong failed) {
        Tally() {
            this(new Recorder(3), new AtomicLong(), new AtomicLong());
        }

        void run(BooleanSupplier operation, long since) {
            boolean success;
            try {
                success = operation.getAsBoolean();
            } catch (RuntimeException e) {
                success = false;
            }
            recorder.recordValue(System.nanoTime() - since);
            (success ? ok : failed).incrementAndGet();
        }

        Result result(long started, CpuMeter cpu) {
            return new Result(ok.get(), failed.get(), (System.nanoTime() - started) / 1e9,
                    recorder.getIntervalHistogram(), cpu.perOperation(ok.get()));
        }
    }

    static Result closedLoop(BooleanSupplier operation, int workers, long seconds) {
        Tally tally = new Tally();
        CpuMeter cpu = CpuMeter.start();
        long started = System.nanoTime();
        long end = started + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            Thread thread = new Thread(() -> {
                while (System.nanoTime() < end) {
                    tally.run(operation, System.nanoTime());
                }
                Api.release();
            }, "load-" + w);
            thread.start();
            threads.add(thread);
        }
        threads.forEach(Load::join);
        return tally.result(started, cpu);
    }

    /**
     * Each thread claims the next arrival, sleeps until its intended start and runs it: no dispatcher thread and no
     * hand-over queue, so an arrival costs one wake-up. When every thread is busy an arrival starts late, and its
     * latency, counted from the intended start, shows it.
     */
    static Result openLoop(BooleanSupplier operation, double perSecond, long seconds) {
        Tally tally = new Tally();
        long count = (long) (perSecond * seconds);
        long interval = (long) (1e9 / perSecond);
        AtomicLong next = new AtomicLong();
        CpuMeter cpu = CpuMeter.start();
        long started = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < OPEN_LOOP_THREADS; t++) {
            Thread thread = new Thread(() -> {
                for (long i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    long intended = started + i * interval;
                    for (long wait = intended - System.nanoTime(); wait > 0; wait = intended - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    tally.run(operation, intended);
                }
                Api.release();
            }, "open-loop-" + t);
            thread.start();
            threads.add(thread);
        }
        threads.forEach(Load::join);
        return tally.result(started, cpu);
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
