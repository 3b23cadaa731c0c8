package payments.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The disk's flush latency beside the server: every 20 ms one 8 kB page written and flushed with fdatasync (what a
 * commit's WAL flush costs) to a file in the temp directory, which is on the embedded database's disk. A durable
 * commit waits for its flush, so when the host's disk stalls every request in flight stalls with it; the bench
 * reports the probe's slowest flush beside each slow second, so a tail the disk made is told from one the service
 * made. A flush counts only the time it slept waiting for the disk, not the time it waited for one of the busy
 * cores. 50 flushes of 8 kB a second are a few percent of the writes a run makes.
 * <p>
 * It also counts what the machine read from its disks each second (Linux's {@code pgpgin}). The database's working
 * set is in memory, so a read is a page the kernel dropped from its cache and a backend then wanted back, waiting
 * for the disk inside a batch: on the sandbox VM the host's proactive reclaim drops page cache untouched for a
 * minute, in passes 5 s apart (docs/PERFORMANCE.md).
 */
final class DiskProbe implements AutoCloseable {
    private static final long PERIOD_NANOS = 20_000_000;
    private static final int PAGE_BYTES = 8192;
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
    private static final Path VMSTAT = Path.of("/proc/vmstat");

    private final Path file;
    private final FileChannel channel;
    private final Recorder recorder = new Recorder(3);
    /** The slowest flush in progress during each second (epoch second), so a long one counts in every second. */
    private final ConcurrentHashMap<Long, Long> slowestBySecond = new ConcurrentHashMap<>();
    /** kB read from the disks during each second (epoch second), counted when the probe next saw the clock. */
    private final ConcurrentHashMap<Long, Long> readKbBySecond = new ConcurrentHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    private DiskProbe(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.WRITE);
        this.thread = new Thread(this::run, "disk-probe");
        thread.setDaemon(true);
    }

    static DiskProbe start() {
        try {
            DiskProbe probe = new DiskProbe(Files.createTempFile("bench-disk-probe", ".page"));
            probe.thread.start();
            return probe;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void run() {
        ByteBuffer page = ByteBuffer.allocateDirect(PAGE_BYTES);
        long next = System.nanoTime();
        long second = Instant.now().getEpochSecond();
        long readKb = kbReadFromDisks();
        while (running) {
            Instant beganAt = Instant.now();
            if (beganAt.getEpochSecond() != second) {
                long read = kbReadFromDisks();
                readKbBySecond.put(second, read - readKb);
                second = beganAt.getEpochSecond();
                readKb = read;
            }
            long onCpuBefore = onCpuOrWaitingForOne();
            long began = System.nanoTime();
            try {
                page.clear();
                channel.write(page, 0);
                channel.force(false);
            } catch (IOException e) {
                return; // closed
            }
            long elapsed = System.nanoTime() - began;
            long took = Math.max(0, elapsed - (onCpuOrWaitingForOne() - onCpuBefore));
            recorder.recordValue(took);
            for (long s = beganAt.getEpochSecond(); s <= beganAt.plusNanos(elapsed).getEpochSecond(); s++) {
                slowestBySecond.merge(s, took, Math::max);
            }
            next = Math.max(next + PERIOD_NANOS, System.nanoTime());
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    /**
     * This thread's time on a core plus its time queued for one, in ns (Linux's schedstat): what a flush's elapsed
     * time less this leaves is the time it slept waiting for the disk. 0 where the kernel does not tell.
     */
    private static long onCpuOrWaitingForOne() {
        try {
            String[] fields = Files.readString(SCHEDSTAT).trim().split(" ");
            return Long.parseLong(fields[0]) + Long.parseLong(fields[1]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** kB read from the machine's disks since boot (Linux's {@code pgpgin}); 0 where the kernel does not tell. */
    private static long kbReadFromDisks() {
        try (var lines = Files.lines(VMSTAT)) {
            return lines.filter(l -> l.startsWith("pgpgin ")).mapToLong(l -> Long.parseLong(l.substring(7).trim()))
                    .findFirst().orElse(0);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The flushes since the last call. */
    Histogram interval() {
        return recorder.getIntervalHistogram();
    }

    /** The slowest flush in progress during the second that starts at {@code second}, in ms (0 if none). */
    double slowestMs(Instant second) {
        return slowestBySecond.getOrDefault(second.getEpochSecond(), 0L) / 1e6;
    }

    /**
     * MB read from the disks during the second that starts at {@code second} (0 if not seen). A probe stalled in
     * a flush over a second boundary counts the reads of those seconds in the first.
     */
    double readMb(Instant second) {
        return readKbBySecond.getOrDefault(second.getEpochSecond(), 0L) / 1024.0;
    }

    @Override
    public void close() throws IOException {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        channel.close();
        Files.deleteIfExists(file);
    }
}
