package payments.adapter.http;

import payments.core.json.ResourceJson;
import payments.ports.uma.InvitationService;

/** {@code /invitations}: UMA invitations, addressed by their code. */
public final class InvitationRoutes {
    private final InvitationService invitations;

    public InvitationRoutes(InvitationService invitations) {
        this.invitations = invitations;
    }

    public void register(Router router) {
        router.post("/invitations", r -> {
            r.query().done();
            return Response.created(ResourceJson.invitation(invitations.create(r.caller(), r.body())));
        });
        router.get("/invitations/{invitationCode}", r -> {
            r.query().done();
            return Response.ok(ResourceJson.invitation(invitations.get(r.caller(), r.path("invitationCode"))));
        });
        router.post("/invitations/{invitationCode}/claim", r -> {
            r.query().done();
            var claimed = invitations.claim(r.caller(), r.path("invitationCode"), r.body());
            return Response.ok(ResourceJson.invitation(claimed));
        });
        router.post("/invitations/{invitationCode}/cancel", r -> {
            r.query().done();
            var cancelled = invitations.cancel(r.caller(), r.path("invitationCode"), r.body());
            return Response.ok(ResourceJson.invitation(cancelled));
        });
    }
}
