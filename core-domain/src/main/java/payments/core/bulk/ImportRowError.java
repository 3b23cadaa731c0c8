package payments.core.bulk;

import java.util.Map;

/**
 * Why a row of a bulk import was not imported: its number, its {@code correlationId} (its platformCustomerId, or its
 * row number), and the refusal's code, message and details.
 */
public record ImportRowError(int row, String correlationId, String code, String message,
                             Map<String, Object> details) {
}
