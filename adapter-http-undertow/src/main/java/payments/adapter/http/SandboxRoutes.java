package payments.adapter.http;

import payments.core.json.JsonObject;
import payments.ports.sandbox.ReconciliationService;
import payments.ports.sandbox.SandboxClockService;

/** Sandbox tools: the platform's clock and the ledger check. */
public final class SandboxRoutes {
    private final SandboxClockService clock;
    private final ReconciliationService reconciliation;

    public SandboxRoutes(SandboxClockService clock, ReconciliationService reconciliation) {
        this.clock = clock;
        this.reconciliation = reconciliation;
    }

    public void register(Router router) {
        router.post("/sandbox/clock/advance", r -> {
            r.query().done();
            return Response.ok(state(clock.advance(r.caller(), r.body())));
        });
        router.get("/sandbox/clock", r -> {
            r.query().done();
            return Response.ok(state(clock.current(r.caller())));
        });
        router.get("/sandbox/ledger/check", r -> {
            r.query().done();
            r.caller().requireSandbox();
            var violations = reconciliation.check(r.caller());
            return Response.ok(JsonObject.of().put("balanced", violations.isEmpty())
                    .put("violations", violations).map());
        });
    }

    private static Object state(SandboxClockService.ClockState s) {
        return JsonObject.of().put("now", s.now()).put("offsetSeconds", s.offsetSeconds())
                .put("jobsRun", s.jobsRun()).put("webhookAttempts", s.webhookAttempts()).map();
    }
}
