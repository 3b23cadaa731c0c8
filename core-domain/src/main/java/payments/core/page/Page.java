package payments.core.page;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/** One page of a list and what the client needs to fetch the next: the spec's list envelope. */
public record Page<T>(List<T> data, boolean hasMore, PageCursor nextCursor, long totalCount) {
    /** The order of ids the database sorts by: their 16 bytes, unsigned, left to right. */
    private static final Comparator<UUID> DATABASE_ORDER = Comparator
            .<UUID, Long>comparing(UUID::getMostSignificantBits, Long::compareUnsigned)
            .thenComparing(UUID::getLeastSignificantBits, Long::compareUnsigned);

    public <R> Page<R> map(Function<T, R> f) {
        return new Page<>(data.stream().map(f).toList(), hasMore, nextCursor, totalCount);
    }

    /**
     * One page of two lists ordered alike by (createdAt, id), each read for the same {@link PageRequest}: the
     * first {@code limit} items of both in that order. The cursor is the last item's position, which both lists
     * take back; there is more when either list had more or the two together pass the limit.
     */
    public static <T> Page<T> merged(Page<? extends T> a, Page<? extends T> b, int limit, boolean ascending,
                                     Function<T, Instant> createdAt, Function<T, UUID> id) {
        Comparator<T> order = Comparator.comparing(createdAt).thenComparing(id, DATABASE_ORDER);
        List<T> all = new ArrayList<>(a.data());
        all.addAll(b.data());
        all.sort(ascending ? order : order.reversed());
        boolean more = a.hasMore() || b.hasMore() || all.size() > limit;
        List<T> shown = List.copyOf(all.subList(0, Math.min(limit, all.size())));
        PageCursor next = null;
        if (more && !shown.isEmpty()) {
            T last = shown.get(shown.size() - 1);
            next = new PageCursor(createdAt.apply(last), id.apply(last));
        }
        return new Page<>(shown, more, next, a.totalCount() + b.totalCount());
    }
}
