package payments.adapter.http.routes;

import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.json.JsonObject;
import payments.ports.sandbox.ClockAdvance;
import payments.ports.sandbox.ClockState;
import payments.ports.sandbox.ReconciliationUseCases;
import payments.ports.sandbox.SandboxClockUseCases;

/** Sandbox tools: the platform's clock and the ledger check. */
final class SandboxRoutes {
    private final SandboxClockUseCases clock;
    private final ReconciliationUseCases reconciliation;

    SandboxRoutes(SandboxClockUseCases clock, ReconciliationUseCases reconciliation) {
        this.clock = clock;
        this.reconciliation = reconciliation;
    }

    void register(Router router) {
        router.post("/sandbox/clock/advance", TRANSACT, r -> {
            r.query().done();
            return Response.ok(state(clock.advance(r.caller(), ClockAdvance.fromJson(r.body()))));
        });
        router.get("/sandbox/clock", VIEW, r -> {
            r.query().done();
            return Response.ok(state(clock.current(r.caller())));
        });
        router.get("/sandbox/ledger/check", VIEW, r -> {
            r.query().done();
            var violations = reconciliation.check(r.caller());
            return Response.ok(JsonObject.of().put("balanced", violations.isEmpty())
                    .put("violations", violations).map());
        });
    }

    private static Object state(ClockState s) {
        return JsonObject.of().put("now", s.now()).put("offsetSeconds", s.offsetSeconds())
                .put("jobsRun", s.jobsRun()).put("webhookAttempts", s.webhookAttempts()).map();
    }
}
