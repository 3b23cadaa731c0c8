package payments.ports.compliance;

import payments.core.compliance.ComplianceSchemas;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;

/**
 * An upload of {@code POST /documents} ({@code holder} set) or {@code PUT /documents/{id}} (null): its text parts,
 * validated, and the file.
 */
public record NewDocument(String holder, String documentType, String side, String country, String documentNumber,
                          String issuingAuthority, String fileName, byte[] content) {
    /** @param parts the text parts of the multipart body; 400 naming every invalid one */
    public static NewDocument upload(Object parts, String fileName, byte[] content) {
        return of(ComplianceSchemas.DOCUMENT_UPLOAD, parts, fileName, content);
    }

    public static NewDocument replacement(Object parts, String fileName, byte[] content) {
        return of(ComplianceSchemas.DOCUMENT_REPLACE, parts, fileName, content);
    }

    private static NewDocument of(ObjectSchema schema, Object parts, String fileName, byte[] content) {
        Fields f = schema.validate(parts);
        return new NewDocument(f.string("documentHolder").orElse(null), f.string("documentType").orElseThrow(),
                f.string("side").orElse(null), f.string("country").orElseThrow(),
                f.string("documentNumber").orElse(null), f.string("issuingAuthority").orElse(null), fileName, content);
    }
}
