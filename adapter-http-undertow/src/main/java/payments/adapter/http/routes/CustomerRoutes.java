package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.adapter.http.body.CsvRows;
import payments.adapter.http.body.MultipartForm;
import payments.core.bulk.BulkImportJob;
import payments.core.customer.ContactChannel;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerSchemas;
import payments.core.customer.CustomerType;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.CustomerId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.customer.BulkImportUseCases;
import payments.ports.customer.ContactConfirmation;
import payments.ports.customer.ContactVerificationUseCases;
import payments.ports.customer.CustomerUpdate;
import payments.ports.customer.CustomerUseCases;
import payments.ports.customer.EndUserTermsUseCases;
import payments.ports.customer.NewCustomer;

/** {@code /customers}. */
final class CustomerRoutes {
    static final Shape IMPORT_STARTED = new Shape("BulkCustomerImportJobAccepted", object()
            .required("jobId", string()).required("status", enumOf("PENDING", "PROCESSING")).schema());
    static final Shape IMPORT = new Shape("BulkCustomerImportJob", object().required("id", string())
            .required("status", enumOf("PENDING", "PROCESSING", "COMPLETED", "FAILED"))
            .required("progress", object().required("total", integer()).required("processed", integer())
                    .required("successful", integer()).required("failed", integer()).schema())
            .optional("errors", arrayOf(object().optional("code", string()).optional("message", string())
                    .optional("details", anyObject("The fields at fault")).required("correlationId", string())
                    .schema()))
            .optional("completedAt", dateTime()).schema());
    /** The largest customers CSV taken: a million rows of about a hundred bytes. */
    static final long MAX_CSV_BYTES = 128L << 20;
    static final Shape TERMS = new Shape("EndUserTerms", object().required("version", string())
            .required("url", string()).schema());

    private final CustomerUseCases customers;
    private final ContactVerificationUseCases contacts;
    private final EndUserTermsUseCases terms;
    private final BulkImportUseCases imports;

    CustomerRoutes(CustomerUseCases customers, ContactVerificationUseCases contacts, EndUserTermsUseCases terms,
                   BulkImportUseCases imports) {
        this.customers = customers;
        this.contacts = contacts;
        this.terms = terms;
        this.imports = imports;
    }

    void register(Router router) {
        router.post("/customers", MANAGE, Operation.of("Create a customer").body(CustomerSchemas.CREATE)
                .answers(201, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.created(ResourceJson.customer(customers.create(r.caller(),
                    NewCustomer.fromJson(r.body()))));
        });
        router.get("/customers", VIEW, Operation.of("List customers")
                .query("platformCustomerId", string()).query("customerType", enumOf(CustomerType.class))
                .query("createdAfter", dateTime()).query("createdBefore", dateTime())
                .query("updatedAfter", dateTime()).query("updatedBefore", dateTime())
                .query("region", string()).query("currency", string()).query("umaAddress", string())
                .query("isIncludingDeleted", bool()).paged().answersPage(Shapes.CUSTOMER), r -> {
            var q = r.query();
            var filter = new CustomerFilter(q.string("platformCustomerId"), q.enumValue("customerType",
                    CustomerType.class), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"), q.checked("region", Types.country()),
                    q.currency("currency"), q.string("umaAddress"), Boolean.TRUE.equals(q.bool("isIncludingDeleted")));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(customers.list(r.caller(), filter, page), ResourceJson::customer));
        });
        router.get("/customers/end-user-terms", VIEW, Operation.of("Get the end-user terms in force")
                .answers(200, "Their version, to name in endUserTermsConsent, and where they are", TERMS), r -> {
            r.query().done();
            var current = terms.current(r.caller());
            return Response.ok(JsonObject.of().put("version", current.version()).put("url", current.url()).map());
        });
        registerContactVerification(router);
        registerBulkImport(router);
        router.get("/customers/{customerId}", VIEW, Operation.of("Get a customer")
                .answers(200, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.get(r.caller(), id(r))));
        });
        router.patch("/customers/{customerId}", MANAGE, Operation.of("Update a customer")
                .body(CustomerSchemas.UPDATE).signed(SignedCalls.CHALLENGE)
                .answers(200, "The customer", Shapes.CUSTOMER), r -> {
            r.query().done();
            var id = id(r);
            return SignedCalls.respond(customers.update(r.caller(), id, CustomerUpdate.fromJson(r.body()),
                    SignedCalls.of(r)), 200, ResourceJson::customer);
        });
        router.delete("/customers/{customerId}", MANAGE, Operation.of("Delete a customer")
                .answers(200, "The customer, deleted", Shapes.CUSTOMER), r -> {
            r.query().done();
            return Response.ok(ResourceJson.customer(customers.delete(r.caller(), id(r))));
        });
    }

    /** {@code /customers/bulk/csv} and its jobs. */
    private void registerBulkImport(Router router) {
        router.post("/customers/bulk/csv", MANAGE, Operation.of("Import customers from a CSV file")
                .multipart(ObjectSchema.none(), "file", "A CSV file with a header row of the reference's columns")
                .spooledFile(MAX_CSV_BYTES).answers(202, "The import, started", IMPORT_STARTED), r -> {
            r.query().done();
            ObjectSchema.none().validate(r.form().fields());
            MultipartForm.FilePart file = r.form().file("file");
            if (file == null) {
                throw InvalidFields.of("file", "is required: the CSV file");
            }
            try (var in = file.open()) {
                CsvRows rows = CsvRows.read(in);
                var job = imports.start(r.caller(), rows.header(), rows);
                return new Response(202, JsonObject.of().put("jobId", job.wireId()).put("status", job.status())
                        .map());
            } catch (java.io.IOException e) {
                throw new InvalidInput("INVALID_INPUT", "The uploaded file could not be read");
            }
        });
        router.get("/customers/bulk/jobs/{jobId}", VIEW, Operation.of("Follow a customer import")
                .answers(200, "The import's progress and its first row errors", IMPORT), r -> {
            r.query().done();
            var view = imports.get(r.caller(), BulkImportJob.parseId("jobId", r.path("jobId")));
            Map<String, Object> json = ResourceJson.bulkImportJob(view.job());
            json.put("errors", view.errors().stream().map(e -> JsonObject.of().put("code", e.code())
                    .put("message", e.message()).put("details", e.details().isEmpty() ? null : e.details())
                    .put("correlationId", e.correlationId()).map()).toList());
            return Response.ok(json);
        });
    }

    /** {@code /customers/{id}/verify-email} and {@code /verify-phone}, each with its {@code /confirm}. */
    private void registerContactVerification(Router router) {
        for (ContactChannel channel : ContactChannel.values()) {
            String path = "/customers/{customerId}/verify-" + channel.key();
            router.post(path, MANAGE, Operation.of("Send a code to the customer's " + channel.key())
                    .optionalBody(ObjectSchema.none()).answersNothing(204, "Sent"), r -> {
                r.query().done();
                r.noBody();
                contacts.send(r.caller(), id(r), channel);
                return Response.noContent();
            });
            router.post(path + "/confirm", MANAGE, Operation.of("Confirm the customer's " + channel.key()
                    + " with the code sent").body(CustomerSchemas.CONTACT_CONFIRM)
                    .answers(200, "The customer, the " + channel.key() + " verified", Shapes.CUSTOMER), r -> {
                r.query().done();
                var id = id(r);
                return Response.ok(ResourceJson.customer(contacts.confirm(r.caller(), id, channel,
                        ContactConfirmation.fromJson(r.body()))));
            });
        }
    }

    private static CustomerId id(Request r) {
        return CustomerId.parse("customerId", r.path("customerId"));
    }
}
