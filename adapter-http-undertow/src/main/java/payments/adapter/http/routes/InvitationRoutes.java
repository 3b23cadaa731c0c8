package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Operation;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.invitation.InvitationSchemas;
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
        router.post("/invitations", MANAGE, Operation.of("Create a UMA invitation").body(InvitationSchemas.CREATE)
                .answers(201, "The invitation", Shapes.INVITATION), r -> {
            r.query().done();
            return Response.created(ResourceJson.invitation(invitations.create(r.caller(),
                    NewInvitation.fromJson(r.body()))));
        });
        router.get("/invitations/{invitationCode}", VIEW, Operation.of("Get a UMA invitation")
                .answers(200, "The invitation", Shapes.INVITATION), r -> {
            r.query().done();
            return Response.ok(ResourceJson.invitation(invitations.get(r.caller(), r.path("invitationCode"))));
        });
        router.post("/invitations/{invitationCode}/claim", MANAGE, Operation.of("Claim a UMA invitation")
                .body(InvitationSchemas.CLAIM).answers(200, "The invitation, claimed", Shapes.INVITATION), r -> {
            r.query().done();
            var claimed = invitations.claim(r.caller(), r.path("invitationCode"), InvitationClaim.fromJson(r.body()));
            return Response.ok(ResourceJson.invitation(claimed));
        });
        router.post("/invitations/{invitationCode}/cancel", MANAGE, Operation.of("Cancel a UMA invitation")
                .optionalBody(InvitationSchemas.CANCEL)
                .answers(200, "The invitation, cancelled", Shapes.INVITATION), r -> {
            r.query().done();
            r.noBody();
            return Response.ok(ResourceJson.invitation(invitations.cancel(r.caller(), r.path("invitationCode"))));
        });
    }
}
