package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.nio.file.ExtendedOpenOption;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The open loop's per-second account of slow requests, which a run's tail is matched to the server's logs by. */
class LoadTest {
    @Test
    void every_request_over_the_target_is_counted_in_the_wall_clock_second_it_was_meant_to_start_in() {
        AtomicInteger calls = new AtomicInteger();
        Instant before = Instant.now();
        // Every third request takes at least 30 ms, over the 25 ms target; the others return at once.
        Load.Result result = Load.openLoop(() -> {
            if (calls.incrementAndGet() % 3 == 0) {
                LockSupport.parkNanos(30_000_000);
            }
            return true;
        }, 300, 1);
        Instant after = Instant.now();

        assertEquals(300, result.ok());
        long slow = result.slowSeconds().stream().mapToLong(Load.SlowSecond::overTarget).sum();
        assertTrue(slow >= 100 && slow <= 300, "over target: " + slow);
        assertEquals(slow, result.overTarget(), "the phase's count is its seconds' sum");
        for (Load.SlowSecond s : result.slowSeconds()) {
            assertEquals(0, s.at().getNano(), "a whole second: " + s.at());
            assertTrue(!s.at().isBefore(before.minusSeconds(1)) && !s.at().isAfter(after), s.at().toString());
            assertTrue(s.maxMs() >= 30, s.toString());
        }
        assertTrue(result.slowSeconds().size() <= 2, "a one-second phase spans at most two wall-clock seconds");
    }

    @Test
    void the_disk_probe_times_flushes_until_closed() throws Exception {
        DiskProbe probe = DiskProbe.start();
        long deadline = System.nanoTime() + 5_000_000_000L;
        long flushes = 0;
        while (flushes < 3 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(50_000_000);
            flushes += probe.interval().getTotalCount();
        }
        probe.close();

        assertTrue(flushes >= 3, "flushes in 5 s: " + flushes);
        probe.interval();
        LockSupport.parkNanos(100_000_000);
        assertEquals(0, probe.interval().getTotalCount(), "no flush after close");
    }

    @Test
    void the_disk_probe_counts_what_the_disks_read_in_each_second() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/vmstat")), "Linux only");
        int bytes = 4 << 20;
        Path file = Files.createTempFile("probe-read", ".bin");
        try (DiskProbe probe = DiskProbe.start()) {
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.WRITE)) {
                out.write(ByteBuffer.allocate(bytes));
                out.force(true);
            }
            long first = Instant.now().getEpochSecond();
            // Read past the page cache (O_DIRECT), so every byte comes from the disk.
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
                ByteBuffer buffer = ByteBuffer.allocateDirect(bytes + 8192).alignedSlice(4096);
                while (buffer.hasRemaining() && in.read(buffer) > 0) {
                    // read on
                }
            } catch (UnsupportedOperationException | java.io.IOException e) {
                assumeTrue(false, "no direct reads from " + file.getParent() + ": " + e);
            }
            long last = Instant.now().getEpochSecond();
            LockSupport.parkNanos(1_300_000_000L); // until the probe has seen the next second begin

            double mb = 0;
            for (long s = first; s <= last; s++) {
                mb += probe.readMb(Instant.ofEpochSecond(s));
            }
            assertTrue(mb >= 4.0, "MB read in the seconds of a 4 MB read: " + mb);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
