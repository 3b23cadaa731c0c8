package payments.core.page;

import java.util.List;
import java.util.function.Function;

/** One page of a list and what the client needs to fetch the next: the spec's list envelope. */
public record Page<T>(List<T> data, boolean hasMore, PageCursor nextCursor, long totalCount) {
    public <R> Page<R> map(Function<T, R> f) {
        return new Page<>(data.stream().map(f).toList(), hasMore, nextCursor, totalCount);
    }
}
