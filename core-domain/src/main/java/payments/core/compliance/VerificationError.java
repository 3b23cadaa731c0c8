package payments.core.compliance;

import java.util.List;
import java.util.Map;
import payments.core.json.JsonObject;

/**
 * One thing a verification needs fixed: on which resource ({@code Customer:}, {@code BeneficialOwner:} id), of what
 * type ({@code MISSING_FIELD}, {@code MISSING_BENEFICIAL_OWNER}, ...), the field (a dot path) when it is one, the
 * documents that would satisfy it when it is a document, and why.
 */
public record VerificationError(String resourceId, String type, String field, List<String> acceptedDocumentTypes,
                                String reason) {
    public VerificationError {
        acceptedDocumentTypes = acceptedDocumentTypes == null ? null : List.copyOf(acceptedDocumentTypes);
    }

    /** As the API shows it, and as it is stored. */
    public Map<String, Object> json() {
        return JsonObject.of().put("resourceId", resourceId).put("type", type).put("field", field)
                .put("acceptedDocumentTypes", acceptedDocumentTypes).put("reason", reason).map();
    }

    public static VerificationError missingField(String resourceId, String field, String reason) {
        return new VerificationError(resourceId, "MISSING_FIELD", field, null, reason);
    }
}
