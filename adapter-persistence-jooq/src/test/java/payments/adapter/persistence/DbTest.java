package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DbTest {
    private final Db db = Fixtures.DB;

    @Test
    void the_pools_connections_never_compile_plans_just_in_time() {
        assertEquals("off", db.inTransaction(() -> db.ctx().fetchValue("show jit")));
    }

    @Test
    void a_row_is_read_once_per_transaction_until_it_is_forgotten() {
        AtomicInteger reads = new AtomicInteger();
        db.inTransaction(() -> {
            assertEquals(1, (int) db.readOnce("key", reads::incrementAndGet));
            assertEquals(1, (int) db.readOnce("key", reads::incrementAndGet));
            db.forget("key");
            assertEquals(2, (int) db.readOnce("key", reads::incrementAndGet));
        });
        db.inTransaction(() -> assertEquals(3, (int) db.readOnce("key", reads::incrementAndGet)));
        assertEquals(4, (int) db.readOnce("key", reads::incrementAndGet)); // no transaction: every time
    }

    static final class Recorded implements Db.BeforeCommit {
        static final List<String> FLUSHED = new ArrayList<>();
        final List<String> pending = new ArrayList<>();

        @Override
        public void flush(Db db) {
            FLUSHED.addAll(pending);
        }
    }

    @Test
    void work_kept_for_the_commit_is_flushed_once_and_dropped_with_a_rollback() {
        Recorded.FLUSHED.clear();
        db.inTransaction(() -> {
            db.beforeCommit(Recorded.class, Recorded::new).pending.add("a");
            db.beforeCommit(Recorded.class, Recorded::new).pending.add("b");
        });
        assertEquals(List.of("a", "b"), Recorded.FLUSHED);

        assertThrows(IllegalStateException.class, () -> db.inTransaction(() -> {
            db.beforeCommit(Recorded.class, Recorded::new).pending.add("c");
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(List.of("a", "b"), Recorded.FLUSHED);
        assertThrows(IllegalStateException.class, () -> db.beforeCommit(Recorded.class, Recorded::new));
    }
}
