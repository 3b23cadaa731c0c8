package payments.core.wallet;

import java.time.Instant;
import java.util.Map;

/**
 * The compact JSON a client signs (Turnkey's activity shape): activity type, time, wallet, request id, and the
 * parameters it binds. Built once when the challenge is issued and stored verbatim; never re-serialised.
 */
public final class PayloadToSign {
    private PayloadToSign() {
    }

    public static String of(String activityType, Instant now, String organizationId, String requestId,
                            Map<String, String> parameters) {
        StringBuilder json = new StringBuilder("{\"type\":").append(quote(activityType))
                .append(",\"timestampMs\":").append(quote(Long.toString(now.toEpochMilli())))
                .append(",\"organizationId\":").append(quote(organizationId))
                .append(",\"requestId\":").append(quote(requestId))
                .append(",\"parameters\":{");
        boolean first = true;
        for (Map.Entry<String, String> p : new java.util.TreeMap<>(parameters).entrySet()) {
            json.append(first ? "" : ",").append(quote(p.getKey())).append(':').append(quote(p.getValue()));
            first = false;
        }
        return json.append("}}").toString();
    }

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
