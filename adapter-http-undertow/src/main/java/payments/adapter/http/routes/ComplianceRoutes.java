package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.LinkedHashMap;
import java.util.Map;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.adapter.http.page.KycPage;
import payments.core.compliance.BeneficialOwner;
import payments.core.compliance.ComplianceSchemas;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationFilter;
import payments.core.compliance.VerificationStatus;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.json.ResourceSchemas;
import payments.ports.compliance.BeneficialOwnerUpdate;
import payments.ports.batch.Idempotency;
import payments.ports.compliance.BeneficialOwnerUseCases;
import payments.ports.compliance.KycLinkUseCases;
import payments.ports.compliance.NewBeneficialOwner;
import payments.ports.compliance.NewVerification;
import payments.ports.compliance.VerificationUseCases;

/** {@code /beneficial-owners} and {@code /verifications}: who is behind a business, and KYC/KYB. */
final class ComplianceRoutes {
    static final Shape OWNER = new Shape("BeneficialOwner", object().required("id", string())
            .required("customerId", string()).required("roles", arrayOf(string()))
            .required("ownershipPercentage", integer())
            .required("personalInfo", anyObject("As given, without the write-only identifier"))
            .required("kycStatus", enumOf("PENDING", "APPROVED", "REJECTED"))
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).schema());
    static final Shape VERIFICATION = new Shape("Verification", ResourceSchemas.VERIFICATION);
    static final Shape KYC_LINK = new Shape("KycLink", object().required("kycUrl", string())
            .required("expiresAt", dateTime()).required("provider", string()).schema());
    /** The provider named in a link: the sandbox's own hosted flow. */
    static final String PROVIDER = "PAYMENTS_SANDBOX";

    private final BeneficialOwnerUseCases owners;
    private final VerificationUseCases verifications;
    private final KycLinkUseCases kycLinks;
    private final Idempotency idempotency;

    ComplianceRoutes(BeneficialOwnerUseCases owners, VerificationUseCases verifications, KycLinkUseCases kycLinks,
                     Idempotency idempotency) {
        this.owners = owners;
        this.verifications = verifications;
        this.kycLinks = kycLinks;
        this.idempotency = idempotency;
    }

    void register(Router router) {
        router.post("/beneficial-owners", MANAGE, Operation.of("Add a beneficial owner to a business")
                .body(ComplianceSchemas.BENEFICIAL_OWNER_CREATE).answers(201, "The owner", OWNER), r -> {
            r.query().done();
            return Response.created(owner(owners.create(r.caller(), NewBeneficialOwner.fromJson(r.body()))));
        });
        router.get("/beneficial-owners", VIEW, Operation.of("List a business's beneficial owners")
                .query("customerId", string()).paged().answersPage(OWNER), r -> {
            var q = r.query();
            CustomerId customer = q.id("customerId", CustomerId::parse);
            var page = q.page();
            q.done();
            if (customer == null) {
                throw InvalidFields.of("customerId", "is required");
            }
            return Response.ok(JsonObject.page(owners.list(r.caller(), customer, page), ComplianceRoutes::owner));
        });
        router.get("/beneficial-owners/{beneficialOwnerId}", VIEW, Operation.of("Get a beneficial owner")
                .answers(200, "The owner", OWNER), r -> {
            r.query().done();
            return Response.ok(owner(owners.get(r.caller(), ownerId(r.path("beneficialOwnerId")))));
        });
        router.patch("/beneficial-owners/{beneficialOwnerId}", MANAGE, Operation.of("Update a beneficial owner")
                .body(ComplianceSchemas.BENEFICIAL_OWNER_UPDATE).answers(200, "The owner", OWNER), r -> {
            r.query().done();
            var id = ownerId(r.path("beneficialOwnerId"));
            return Response.ok(owner(owners.update(r.caller(), id, BeneficialOwnerUpdate.fromJson(r.body()))));
        });
        registerKycLink(router);
        router.post("/verifications", MANAGE, Operation.of("Verify a customer (KYC or KYB)")
                .body(ComplianceSchemas.VERIFICATION_CREATE)
                .answers(200, "The verification: what is missing, or that it is under way", VERIFICATION), r -> {
            r.query().done();
            return Response.ok(ResourceJson.verification(verifications.create(r.caller(),
                    NewVerification.fromJson(r.body()))));
        });
        router.get("/verifications", VIEW, Operation.of("List verifications").query("customerId", string())
                .query("verificationStatus", enumOf(VerificationStatus.class)).paged()
                .answersPage(VERIFICATION), r -> {
            var q = r.query();
            var filter = new VerificationFilter(q.id("customerId", CustomerId::parse),
                    q.enumValue("verificationStatus", VerificationStatus.class));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(verifications.list(r.caller(), filter, page),
                    ResourceJson::verification));
        });
        router.get("/verifications/{verificationId}", VIEW, Operation.of("Get a verification")
                .answers(200, "The verification", VERIFICATION), r -> {
            r.query().done();
            return Response.ok(ResourceJson.verification(verifications.get(r.caller(),
                    Verification.parseId("verificationId", r.path("verificationId")))));
        });
    }

    private void registerKycLink(Router router) {
        router.post("/customers/{customerId}/kyc-link", MANAGE, Operation.of("Create a hosted verification link")
                .optionalBody(ComplianceSchemas.KYC_LINK_CREATE).idempotent()
                .answers(201, "A single-use link to hand the end user", KYC_LINK), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = CustomerId.parse("customerId", r.path("customerId"));
            String redirectUri = r.body() == null ? null : ComplianceSchemas.KYC_LINK_CREATE.validate(r.body())
                    .string("redirectUri").orElse(null);
            var issued = kycLinks.create(r.caller(), id, redirectUri);
            // The link is on the host the platform called, as the end user's browser will reach it.
            String base = r.exchange().getRequestScheme() + "://" + r.exchange().getHostAndPort();
            return Response.created(JsonObject.of().put("kycUrl", base + KycPage.PREFIX + issued.token())
                    .put("expiresAt", issued.expiresAt()).put("provider", PROVIDER).map());
        }));
    }

    private static java.util.UUID ownerId(String text) {
        return BeneficialOwner.parseId("beneficialOwnerId", text);
    }

    /** The spec's BeneficialOwner; the identifier (a tax id) is never shown, as a customer's is not. */
    static Map<String, Object> owner(BeneficialOwner o) {
        Map<String, Object> info = new LinkedHashMap<>(o.personalInfo());
        info.remove("identifier");
        return JsonObject.of().put("id", o.wireId()).put("customerId", o.customerId()).put("roles", o.roles())
                .put("ownershipPercentage", o.ownershipPercentage()).put("personalInfo", info)
                .put("kycStatus", o.kycStatus()).put("createdAt", o.createdAt()).put("updatedAt", o.updatedAt())
                .map();
    }
}
