package payments.adapter.http;

import java.util.Map;
import payments.core.invitation.Invitation;
import payments.ports.app.InvitationService;
import payments.ports.app.InvitationView;

/** {@code /invitations}: UMA invitations, addressed by their code. */
public final class InvitationRoutes {
    private final InvitationService invitations;

    public InvitationRoutes(InvitationService invitations) {
        this.invitations = invitations;
    }

    public void register(Router router) {
        router.post("/invitations", r -> {
            r.query().done();
            return Response.created(invitation(invitations.create(r.caller(), r.body())));
        });
        router.get("/invitations/{invitationCode}", r -> {
            r.query().done();
            return Response.ok(invitation(invitations.get(r.caller(), r.path("invitationCode"))));
        });
        router.post("/invitations/{invitationCode}/claim", r -> {
            r.query().done();
            return Response.ok(invitation(invitations.claim(r.caller(), r.path("invitationCode"), r.body())));
        });
        router.post("/invitations/{invitationCode}/cancel", r -> {
            r.query().done();
            return Response.ok(invitation(invitations.cancel(r.caller(), r.path("invitationCode"), r.body())));
        });
    }

    /** The spec's UmaInvitation. */
    static Map<String, Object> invitation(InvitationView v) {
        Invitation i = v.invitation();
        return JsonObject.of().put("code", i.code())
                .put("createdAt", i.createdAt())
                .put("claimedAt", i.claimedAt())
                .put("url", v.url())
                .put("expiresAt", i.expiresAt())
                .put("inviterUma", i.inviterUma())
                .put("inviteeUma", i.inviteeUma())
                .put("status", v.status().name())
                .put("firstName", i.firstName())
                .put("amountToSend", i.amountToSend() == null ? null : JsonObject.amount(i.amountToSend()))
                .map();
    }
}
