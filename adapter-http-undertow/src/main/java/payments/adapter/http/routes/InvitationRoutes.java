package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.json.ResourceJson;
import payments.ports.uma.InvitationClaim;
import payments.ports.uma.InvitationUseCases;
import payments.ports.uma.NewInvitation;

/** {@code /invitations}: UMA invitations, addressed by their code. */
final class InvitationRoutes {
    private final InvitationUseCases invitations;

    InvitationRoutes(InvitationUseCases invitations) {
        this.invitations = invitations;
    }

    void register(Router router) {
        router.post("/invitations", MANAGE, r -> {
            r.query().done();
            return Response.created(ResourceJson.invitation(invitations.create(r.caller(),
                    NewInvitation.fromJson(r.body()))));
        });
        router.get("/invitations/{invitationCode}", VIEW, r -> {
            r.query().done();
            return Response.ok(ResourceJson.invitation(invitations.get(r.caller(), r.path("invitationCode"))));
        });
        router.post("/invitations/{invitationCode}/claim", MANAGE, r -> {
            r.query().done();
            var claimed = invitations.claim(r.caller(), r.path("invitationCode"), InvitationClaim.fromJson(r.body()));
            return Response.ok(ResourceJson.invitation(claimed));
        });
        router.post("/invitations/{invitationCode}/cancel", MANAGE, r -> {
            r.query().done();
            r.noBody();
            return Response.ok(ResourceJson.invitation(invitations.cancel(r.caller(), r.path("invitationCode"))));
        });
    }
}
