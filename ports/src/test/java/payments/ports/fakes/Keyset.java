package payments.ports.fakes;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import payments.core.page.Page;
import payments.core.page.PageCursor;
import payments.core.page.PageRequest;

/**
 * The cursor paging of the persistence adapter, in memory: newest first by (createdAt, id), ids compared as
 * PostgreSQL compares uuids (unsigned bytes, which is the order of their lower-case text).
 */
final class Keyset {
    private Keyset() {
    }

    static <T> Page<T> page(Stream<T> matching, Function<T, Instant> createdAt, Function<T, UUID> id,
                            PageRequest page) {
        Comparator<T> newestFirst = Comparator.comparing(createdAt)
                .thenComparing(t -> id.apply(t).toString()).reversed();
        List<T> all = matching.sorted(newestFirst).toList();
        PageCursor c = page.cursor();
        List<T> after = c == null ? all : all.stream().filter(t -> {
            int byTime = createdAt.apply(t).compareTo(c.createdAt());
            return byTime < 0 || (byTime == 0 && id.apply(t).toString().compareTo(c.id().toString()) < 0);
        }).toList();
        boolean hasMore = after.size() > page.limit();
        List<T> shown = hasMore ? after.subList(0, page.limit()) : after;
        PageCursor next = null;
        if (hasMore) {
            T last = shown.get(shown.size() - 1);
            next = new PageCursor(createdAt.apply(last), id.apply(last));
        }
        return new Page<>(List.copyOf(shown), hasMore, next, all.size());
    }

    static boolean within(Instant value, Instant from, Instant to) {
        return (from == null || !value.isBefore(from)) && (to == null || !value.isAfter(to));
    }
}
