package payments.core.json;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import payments.core.money.Currency;
import payments.core.money.Money;
import payments.core.page.Page;

/** Builds JSON objects (API responses, webhook payloads) in field order, leaving out absent (null) fields. */
public final class JsonObject {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    public static JsonObject of() {
        return new JsonObject();
    }

    public JsonObject put(String name, Object value) {
        if (value instanceof Instant instant) {
            value = IsoInstant.format(instant);
        } else if (value instanceof JsonObject nested) {
            value = nested.map();
        } else if (value instanceof java.math.BigDecimal decimal) {
            value = decimal.stripTrailingZeros();
        } else if (value != null && !(value instanceof String || value instanceof Number || value instanceof Boolean
                || value instanceof Map || value instanceof List)) {
            value = value.toString();
        }
        if (value != null) {
            fields.put(name, value);
        }
        return this;
    }

    public Map<String, Object> map() {
        return fields;
    }

    public static Map<String, Object> currency(Currency c) {
        return of().put("code", c.code()).put("name", c.name()).put("symbol", c.symbol())
                .put("decimals", c.decimals()).map();
    }

    /** The spec's CurrencyAmount. */
    public static Map<String, Object> amount(Money m) {
        return of().put("amount", m.amountMinor()).put("currency", currency(m.currency())).map();
    }

    /** The spec's list envelope: data, hasMore, nextCursor (only when hasMore), totalCount. */
    public static <T> Map<String, Object> page(Page<T> page, Function<T, ?> item) {
        return of().put("data", page.data().stream().map(item).toList())
                .put("hasMore", page.hasMore())
                .put("nextCursor", page.nextCursor() == null ? null : page.nextCursor().encode())
                .put("totalCount", page.totalCount()).map();
    }

    public static <T> Map<String, Object> data(List<T> items, Function<T, ?> item) {
        return of().put("data", items.stream().map(item).toList()).map();
    }
}
