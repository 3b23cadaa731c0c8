package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.UUID;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.adapter.http.body.MultipartForm;
import payments.core.compliance.ComplianceSchemas;
import payments.core.compliance.Document;
import payments.core.error.InvalidFields;
import payments.core.json.JsonObject;
import payments.core.validation.StorableText;
import payments.ports.compliance.DocumentUseCases;
import payments.ports.compliance.NewDocument;

/** {@code /documents}: identity and business documents, uploaded as {@code multipart/form-data}. */
final class DocumentRoutes {
    static final String FILE = "file";
    static final Shape DOCUMENT = new Shape("Document", object().required("id", string())
            .required("documentHolder", string()).required("documentType", string()).optional("side", string())
            .required("country", string()).optional("documentNumber", string())
            .optional("issuingAuthority", string()).required("fileName", string())
            .required("contentType", string()).required("size", integer()).required("sha256", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema());
    private static final String FILE_DESCRIPTION = "A PDF, PNG or JPEG (judged by its content), at most "
            + (ApiHandler.MAX_FILE_BYTES >> 20) + " MiB";

    private final DocumentUseCases documents;

    DocumentRoutes(DocumentUseCases documents) {
        this.documents = documents;
    }

    void register(Router router) {
        router.post("/documents", MANAGE, Operation.of("Upload a document of a customer or beneficial owner")
                .multipart(ComplianceSchemas.DOCUMENT_UPLOAD, FILE, FILE_DESCRIPTION)
                .answers(201, "The document", DOCUMENT), r -> {
            r.query().done();
            MultipartForm.FilePart file = file(r);
            return Response.created(json(documents.upload(r.caller(),
                    NewDocument.upload(r.form().fields(), fileName(file), file.content()))));
        });
        router.get("/documents", VIEW, Operation.of("List documents").query("documentHolder", string()).paged()
                .answersPage(DOCUMENT), r -> {
            var q = r.query();
            String holder = q.string("documentHolder");
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(documents.list(r.caller(), holder, page), DocumentRoutes::json));
        });
        router.get("/documents/{documentId}", VIEW, Operation.of("Get a document")
                .answers(200, "The document", DOCUMENT), r -> {
            r.query().done();
            return Response.ok(json(documents.get(r.caller(), id(r))));
        });
        router.add("PUT", "/documents/{documentId}", MANAGE, Operation.of("Replace a document's file")
                .multipart(ComplianceSchemas.DOCUMENT_REPLACE, FILE, FILE_DESCRIPTION)
                .answers(200, "The document", DOCUMENT), r -> {
            r.query().done();
            var id = id(r);
            MultipartForm.FilePart file = file(r);
            return Response.ok(json(documents.replace(r.caller(), id,
                    NewDocument.replacement(r.form().fields(), fileName(file), file.content()))));
        });
        router.delete("/documents/{documentId}", MANAGE, Operation.of("Delete a document")
                .answersNothing(204, "Deleted"), r -> {
            r.query().done();
            documents.delete(r.caller(), id(r));
            return Response.noContent();
        });
    }

    private static UUID id(Request r) {
        return Document.parseId("documentId", r.path("documentId"));
    }

    private static MultipartForm.FilePart file(Request r) {
        MultipartForm.FilePart file = r.form().file(FILE);
        if (file == null) {
            throw InvalidFields.of(FILE, "is required: the document's file part");
        }
        return file;
    }

    /** The name the client gave the file, or the part's name when it gave none. */
    private static String fileName(MultipartForm.FilePart file) {
        String name = file.fileName();
        if (name == null || name.isBlank()) {
            return FILE;
        }
        String problem = StorableText.problem(name);
        if (problem != null || name.length() > 255) {
            throw InvalidFields.of(FILE, "has a file name that " + (problem != null ? problem : "is too long"));
        }
        return name;
    }

    static Map<String, Object> json(Document d) {
        return JsonObject.of().put("id", d.wireId()).put("documentHolder", d.holder())
                .put("documentType", d.documentType()).put("side", d.side()).put("country", d.country())
                .put("documentNumber", d.documentNumber()).put("issuingAuthority", d.issuingAuthority())
                .put("fileName", d.fileName()).put("contentType", d.contentType()).put("size", d.size())
                .put("sha256", d.sha256()).put("createdAt", d.createdAt()).put("updatedAt", d.updatedAt()).map();
    }
}
