package payments.adapter.http.routes.agent;

import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.TRANSACT;
import static payments.core.platform.Permission.VIEW;

import java.util.UUID;
import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.agent.ActionFilter;
import payments.core.agent.AgentAction;
import payments.core.agent.AgentFilter;
import payments.core.agent.AgentJson;
import payments.core.agent.AgentSchemas;
import payments.core.agent.policy.PolicySchemas;
import payments.core.id.AgentId;
import payments.core.id.CustomerId;
import payments.core.json.JsonObject;
import payments.ports.agent.AgentInstallUseCases;
import payments.ports.agent.AgentUpdate;
import payments.ports.agent.AgentUseCases;
import payments.ports.agent.IssuedDeviceCode;
import payments.ports.agent.NewAgent;
import payments.ports.agent.PolicyUpdate;
import payments.ports.agentops.ActionRejection;
import payments.ports.agentops.AgentApprovalUseCases;
import payments.ports.batch.Idempotency;

/**
 * {@code /agents}: a platform's agents, their policies and device codes, the redemption of a code by agent software
 * (no credentials: the code is the proof), and the platform's approvals of its agents' payments.
 */
public final class AgentRoutes {
    static final Shape AGENT = new Shape("Agent", AgentJson.AGENT);
    static final Shape ACTION = new Shape("AgentAction", AgentJson.ACTION);
    private static final Shape DEVICE_CODE = new Shape("AgentDeviceCode", AgentJson.DEVICE_CODE);
    private static final Shape CREATED = new Shape("AgentCreateResponse", object()
            .required("agent", AgentJson.AGENT).required("deviceCode", AgentJson.DEVICE_CODE).schema());
    private static final Shape CODE_STATUS = new Shape("AgentDeviceCodeStatusResponse", object()
            .required("code", string()).required("redeemed", bool()).schema());
    private static final Shape REDEEMED = new Shape("AgentDeviceCodeRedeemResponse", object()
            .required("agentId", string()).required("agentName", string()).required("accessToken", string())
            .required("policy", AgentJson.POLICY).schema());

    private final AgentUseCases agents;
    private final AgentInstallUseCases install;
    private final AgentApprovalUseCases approvals;
    private final Idempotency idempotency;

    public AgentRoutes(AgentUseCases agents, AgentInstallUseCases install, AgentApprovalUseCases approvals,
                       Idempotency idempotency) {
        this.agents = agents;
        this.install = install;
        this.approvals = approvals;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        router.post("/agents", MANAGE, Operation.of("Create an agent for a customer, with its first device code")
                .body(AgentSchemas.CREATE).answers(201, "The agent and its device code", CREATED), r -> {
            r.query().done();
            var created = agents.create(r.caller(), NewAgent.fromJson(r.body()));
            return Response.created(JsonObject.of().put("agent", AgentJson.agent(created.agent()))
                    .put("deviceCode", deviceCode(created.deviceCode())).map());
        });
        router.get("/agents", VIEW, Operation.of("List agents").query("customerId", string())
                .query("isPaused", bool()).query("isConnected", bool())
                .query("createdAfter", dateTime()).query("createdBefore", dateTime())
                .query("updatedAfter", dateTime()).query("updatedBefore", dateTime()).paged().answersPage(AGENT),
                r -> {
            var q = r.query();
            var filter = new AgentFilter(q.id("customerId", CustomerId::parse), q.bool("isPaused"),
                    q.bool("isConnected"), q.instant("createdAfter"), q.instant("createdBefore"),
                    q.instant("updatedAfter"), q.instant("updatedBefore"));
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(agents.list(r.caller(), filter, page), AgentJson::agent));
        });
        router.get("/agents/{agentId}", VIEW, Operation.of("Get an agent").answers(200, "The agent", AGENT), r -> {
            r.query().done();
            return Response.ok(AgentJson.agent(agents.get(r.caller(), agentId(r))));
        });
        router.patch("/agents/{agentId}", MANAGE, Operation.of("Rename, pause or resume an agent")
                .body(AgentSchemas.UPDATE).answers(200, "The agent", AGENT), r -> {
            r.query().done();
            var id = agentId(r);
            return Response.ok(AgentJson.agent(agents.update(r.caller(), id, AgentUpdate.fromJson(r.body()))));
        });
        router.delete("/agents/{agentId}", MANAGE, Operation.of("Delete an agent: it loses access at once")
                .answersNothing(204, "Deleted"), r -> {
            r.query().done();
            agents.delete(r.caller(), agentId(r));
            return Response.noContent();
        });
        router.patch("/agents/{agentId}/policy", MANAGE, Operation.of("Change an agent's policy")
                .body(PolicySchemas.POLICY_UPDATE).answers(200, "The agent", AGENT), r -> {
            r.query().done();
            var id = agentId(r);
            return Response.ok(AgentJson.agent(agents.updatePolicy(r.caller(), id,
                    PolicyUpdate.fromJson(r.body()))));
        });
        router.post("/agents/{agentId}/device-codes", MANAGE, Operation.of("Issue a fresh device code")
                .answers(201, "The device code", DEVICE_CODE), r -> {
            r.query().done();
            r.noBody();
            return Response.created(deviceCode(install.issueDeviceCode(r.caller(), agentId(r))));
        });
        router.get("/agents/device-codes/{code}/status", VIEW, Operation.of("Whether a device code was redeemed")
                .answers(200, "The code's status", CODE_STATUS), r -> {
            r.query().done();
            var code = install.deviceCode(r.caller(), r.path("code"));
            return Response.ok(JsonObject.of().put("code", r.path("code")).put("redeemed", code.redeemed()).map());
        });
        router.post("/agents/device-codes/{code}/redeem", null, Operation.of("Redeem a device code (agent software)")
                .withoutCredentials().answers(200, "The agent's access token, shown once", REDEEMED), r -> {
            r.query().done();
            r.noBody();
            var redeemed = install.redeem(r.path("code"),
                    r.exchange().getSourceAddress().getAddress().getHostAddress());
            return Response.ok(JsonObject.of().put("agentId", redeemed.agent().id().toString())
                    .put("agentName", redeemed.agent().name()).put("accessToken", redeemed.accessToken())
                    .put("policy", redeemed.agent().policy().json()).map());
        });
        router.get("/agents/approvals", VIEW, Operation.of("List agent actions waiting for approval")
                .query("agentId", string()).query("customerId", string())
                .query("startDate", dateTime()).query("endDate", dateTime())
                .query("sortOrder", enumOf("asc", "desc")).paged().answersPage(ACTION), r -> {
            var q = r.query();
            var filter = new ActionFilter(q.id("agentId", AgentId::parse), q.id("customerId", CustomerId::parse),
                    null, q.instant("startDate"), q.instant("endDate"), q.ascending());
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(approvals.approvals(r.caller(), filter, page), AgentJson::action));
        });
        router.post("/agents/{agentId}/actions/{actionId}/approve", TRANSACT,
                Operation.of("Approve an agent's payment: it is made now").idempotent()
                        .answers(200, "The action", ACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            r.noBody();
            return Response.ok(AgentJson.action(approvals.approve(r.caller(), agentId(r), actionId(r))));
        }));
        router.post("/agents/{agentId}/actions/{actionId}/reject", TRANSACT,
                Operation.of("Reject an agent's payment: nothing moves").optionalBody(AgentSchemas.REJECT)
                        .idempotent().answers(200, "The action", ACTION), Idempotent.wrap(idempotency, r -> {
            r.query().done();
            var id = agentId(r);
            return Response.ok(AgentJson.action(approvals.reject(r.caller(), id, actionId(r),
                    ActionRejection.fromJson(r.body()))));
        }));
    }

    private static Object deviceCode(IssuedDeviceCode issued) {
        return AgentJson.deviceCode(issued.code(), issued.deviceCode());
    }

    private static AgentId agentId(Request r) {
        return AgentId.parse("agentId", r.path("agentId"));
    }

    private static UUID actionId(Request r) {
        return AgentAction.parseId("actionId", r.path("actionId"));
    }
}
