package payments.core.page;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import payments.core.error.InvalidFields;

/**
 * One page of a list the service holds whole (a directory, not a table), ordered by a text key unique to each item:
 * the cursor is the key of the last item given (base64url on the wire), so the next page starts after it even when
 * the directory changed in between. {@code totalCount} counts every item of the list, pages aside.
 */
public record KeyedPage<T>(List<T> data, boolean hasMore, String nextCursor, long totalCount) {
    public KeyedPage {
        data = List.copyOf(data);
    }

    /** Which page: at most {@code limit} items (1..100) after the item keyed {@code after} (null: the first). */
    public record Request(int limit, String after) {
        public Request {
            if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
                throw new IllegalArgumentException("limit out of range: " + limit);
            }
        }
    }

    /**
     * The page of {@code items} (in any order) that {@code request} names, sorted by {@code key} ascending or
     * descending (plain string order, each key unique).
     */
    public static <T> KeyedPage<T> of(List<T> items, Function<T, String> key, boolean ascending, Request request) {
        Comparator<String> order = ascending ? Comparator.naturalOrder() : Comparator.reverseOrder();
        List<T> after = items.stream()
                .filter(item -> request.after() == null || order.compare(key.apply(item), request.after()) > 0)
                .sorted(Comparator.comparing(key, order)).toList();
        boolean hasMore = after.size() > request.limit();
        List<T> data = hasMore ? after.subList(0, request.limit()) : after;
        String next = hasMore ? encode(key.apply(data.get(data.size() - 1))) : null;
        return new KeyedPage<>(data, hasMore, next, items.size());
    }

    /** The cursor that goes on after the item keyed {@code key}. */
    public static String encode(String key) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(key.getBytes(StandardCharsets.UTF_8));
    }

    /** The key a cursor of {@link #encode} names; 400 naming {@code cursor} for anything else. */
    public static String decode(String cursor) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(cursor);
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            throw InvalidFields.of("cursor", "is not a cursor returned by this list");
        }
    }
}
