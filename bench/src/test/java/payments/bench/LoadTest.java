package payments.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
