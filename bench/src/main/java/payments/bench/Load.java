package payments.bench;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
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

    /**
     * @param cpuPerOk CPU per successful operation in ms, {this JVM, PostgreSQL, steal share} ({@link CpuMeter})
     * @param overTarget the phase's requests over {@link #TARGET_MS}: the 1 % a p99 target allows, or more
     * @param slowSeconds the phase's worst seconds by wall clock, so a tail can be matched to the server's logs
     */
    record Result(long ok, long failed, double seconds, Histogram latency, double[] cpuPerOk, long overTarget,
                  List<SlowSecond> slowSeconds) {
        double rate() {
            return ok / seconds;
        }

        double p(double percentile) {
            return latency.getValueAtPercentile(percentile) / 1_000_000.0;
        }
    }

    /**
     * A second of the wall clock (UTC, as in PostgreSQL's log) in which some request that started, or in an open loop
     * was meant to, took over the target.
     */
    record SlowSecond(Instant at, long overTarget, double maxMs) {
        @Override
        public String toString() {
            return String.format("%s %d over %d ms, max %.0f ms", DateTimeFormatter.ISO_LOCAL_TIME.format(
                    LocalTime.ofInstant(at, ZoneOffset.UTC)), overTarget, TARGET_MS, maxMs);
        }
    }

    /** The latency target at half the peak: requests over it are counted per second. */
    static final long TARGET_MS = 25;
    private static final int SLOW_SECONDS_SHOWN = 5;

    /** What a phase's requests did: counts, latencies, and per wall-clock second the slow ones. */
    private record Tally(Recorder recorder, AtomicLong ok, AtomicLong failed, long started, Instant startedAt,
                         AtomicLongArray overTarget, AtomicLongArray maxNanos) {
        Tally(long seconds) {
            this(new Recorder(3), new AtomicLong(), new AtomicLong(), System.nanoTime(), Instant.now(),
                    new AtomicLongArray((int) seconds + 2), new AtomicLongArray((int) seconds + 2));
        }

        /** @param since when the request started, or (open loop) was meant to */
        void run(BooleanSupplier operation, long since) {
            boolean success;
            try {
                success = operation.getAsBoolean();
            } catch (RuntimeException e) {
                success = false;
            }
            long latency = System.nanoTime() - since;
            recorder.recordValue(latency);
            (success ? ok : failed).incrementAndGet();
            long wallClockNanos = startedAt.getNano() + since - started; // since the whole second the phase began in
            int second = (int) Math.min(maxNanos.length() - 1, wallClockNanos / 1_000_000_000L);
            maxNanos.accumulateAndGet(second, latency, Math::max);
            if (latency > TARGET_MS * 1_000_000) {
                overTarget.incrementAndGet(second);
            }
        }

        Result result(CpuMeter cpu) {
            List<SlowSecond> slow = new ArrayList<>();
            long total = 0;
            for (int s = 0; s < overTarget.length(); s++) {
                total += overTarget.get(s);
                if (overTarget.get(s) > 0) {
                    slow.add(new SlowSecond(Instant.ofEpochSecond(startedAt.getEpochSecond() + s),
                            overTarget.get(s), maxNanos.get(s) / 1e6));
                }
            }
            slow.sort(Comparator.comparingLong(SlowSecond::overTarget).reversed());
            return new Result(ok.get(), failed.get(), (System.nanoTime() - started) / 1e9,
                    recorder.getIntervalHistogram(), cpu.perOperation(ok.get()), total,
                    slow.subList(0, Math.min(SLOW_SECONDS_SHOWN, slow.size())));
        }
    }

    static Result closedLoop(BooleanSupplier operation, int workers, long seconds) {
        CpuMeter cpu = CpuMeter.start();
        Tally tally = new Tally(seconds);
        long end = tally.started() + TimeUnit.SECONDS.toNanos(seconds);
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
        return tally.result(cpu);
    }

    /**
     * Each thread claims the next arrival, sleeps until its intended start and runs it: no dispatcher thread and no
     * hand-over queue, so an arrival costs one wake-up. When every thread is busy an arrival starts late, and its
     * latency, counted from the intended start, shows it.
     */
    static Result openLoop(BooleanSupplier operation, double perSecond, long seconds) {
        long count = (long) (perSecond * seconds);
        long interval = (long) (1e9 / perSecond);
        AtomicLong next = new AtomicLong();
        CpuMeter cpu = CpuMeter.start();
        Tally tally = new Tally(seconds);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < OPEN_LOOP_THREADS; t++) {
            Thread thread = new Thread(() -> {
                for (long i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    long intended = tally.started() + i * interval;
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
        return tally.result(cpu);
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
