package payments.core.page;

/** Which page of a list: at most {@code limit} items (1..100) after {@code cursor} (null for the first page). */
public record PageRequest(int limit, PageCursor cursor) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public PageRequest {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit out of range: " + limit);
        }
    }
}
