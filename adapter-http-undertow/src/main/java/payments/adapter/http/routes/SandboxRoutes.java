package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.error.InvalidFields;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.JsonSchema;
import payments.core.page.PageRequest;
import payments.core.platform.SandboxSchemas;
import payments.ports.sandbox.ClockAdvance;
import payments.ports.sandbox.ClockState;
import payments.ports.sandbox.ReconciliationUseCases;
import payments.ports.sandbox.SandboxClockUseCases;

/** Sandbox tools: the platform's clock and the ledger check. */
final class SandboxRoutes {
    static final Shape CLOCK = new Shape("SandboxClock", object().required("now", dateTime())
            .required("offsetSeconds", integer()).optional("jobsRun", integer()).optional("webhookAttempts", integer())
            .schema());
    static final Shape LEDGER_CHECK = new Shape("LedgerCheck", object().required("balanced", bool())
            .required("violations", arrayOf(string())).schema());
    static final Shape ENTRIES = new Shape("LedgerEntries", JsonSchema.data(object().required("journalId", string())
            .required("kind", string()).required("reference", string()).required("amount", integer())
            .required("currency", string()).required("balanceAfter", integer()).required("createdAt", dateTime())
            .schema()));
    private final SandboxClockUseCases clock;
    private final ReconciliationUseCases reconciliation;

    SandboxRoutes(SandboxClockUseCases clock, ReconciliationUseCases reconciliation) {
        this.clock = clock;
        this.reconciliation = reconciliation;
    }

    void register(Router router) {
        router.post("/sandbox/clock/advance", TRANSACT, Operation.of("Move the sandbox clock forward")
                .body(SandboxSchemas.CLOCK_ADVANCE).answers(200, "The clock, and what ran", CLOCK), r -> {
            r.query().done();
            return Response.ok(state(clock.advance(r.caller(), ClockAdvance.fromJson(r.body()))));
        });
        router.get("/sandbox/clock", VIEW, Operation.of("Read the sandbox clock")
                .answers(200, "The clock", CLOCK), r -> {
            r.query().done();
            return Response.ok(state(clock.current(r.caller())));
        });
        router.get("/sandbox/ledger/check", VIEW, Operation.of("Check that the platform's ledger balances")
                .answers(200, "Whether it balances, and what does not", LEDGER_CHECK), r -> {
            r.query().done();
            var violations = reconciliation.check(r.caller());
            return Response.ok(JsonObject.of().put("balanced", violations.isEmpty())
                    .put("violations", violations).map());
        });
        registerEntries(router);
    }

    private void registerEntries(Router router) {
        router.get("/sandbox/ledger/entries", VIEW, Operation.of("An internal account's latest ledger entries")
                .query("accountId", string()).query("limit", Map.of("type", "integer", "minimum", 1,
                        "maximum", PageRequest.MAX_LIMIT, "default", PageRequest.DEFAULT_LIMIT))
                .answers(200, "Newest first, each with the balance after it", ENTRIES), r -> {
            var q = r.query();
            InternalAccountId account = q.id("accountId", InternalAccountId::parse);
            int limit = q.limit();
            q.done();
            if (account == null) {
                throw InvalidFields.of("accountId", "is required");
            }
            return Response.ok(JsonObject.data(reconciliation.entries(r.caller(), account, limit), e -> JsonObject.of()
                    .put("journalId", e.journalId().toString()).put("kind", e.kind()).put("reference", e.reference())
                    .put("amount", e.amountMinor()).put("currency", e.currency())
                    .put("balanceAfter", e.balanceAfterMinor()).put("createdAt", e.at()).map()));
        });
    }

    private static Object state(ClockState s) {
        return JsonObject.of().put("now", s.now()).put("offsetSeconds", s.offsetSeconds())
                .put("jobsRun", s.jobsRun()).put("webhookAttempts", s.webhookAttempts()).map();
    }
}
