package payments.adapter.http.routes;

import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.UUID;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.core.error.InvalidFields;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest;
import payments.core.wallet.WalletSession;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SessionRefresh;
import payments.ports.wallet.WalletExport;
import payments.ports.wallet.WalletSessionUseCases;
import payments.ports.wallet.WalletUpdate;
import payments.ports.wallet.WalletUseCases;
import payments.ports.walletauth.Challenged;
import payments.ports.walletauth.CredentialChallenge;
import payments.ports.walletauth.CredentialVerification;
import payments.ports.walletauth.NewCredential;
import payments.ports.walletauth.WalletAuthUseCases;

/**
 * Embedded-wallet authentication ({@code /auth/credentials}, {@code /auth/sessions}) and wallet actions
 * ({@code /internal-accounts/{id}}). Signed-retry calls answer 202 with the challenge on the first leg.
 */
final class WalletRoutes {
    private final WalletAuthUseCases auth;
    private final WalletSessionUseCases sessions;
    private final WalletUseCases wallets;

    WalletRoutes(WalletAuthUseCases auth, WalletSessionUseCases sessions, WalletUseCases wallets) {
        this.auth = auth;
        this.sessions = sessions;
        this.wallets = wallets;
    }

    void register(Router router) {
        router.post("/auth/credentials", MANAGE, r -> {
            r.query().done();
            return SignedCalls.respond(auth.create(r.caller(), NewCredential.fromJson(r.body()), SignedCalls.of(r)),
                    201, WalletRoutes::challenged);
        });
        router.get("/auth/credentials", VIEW, r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(auth.list(r.caller(), account), WalletRoutes::credential));
        });
        router.delete("/auth/credentials/{id}", MANAGE, r -> {
            r.query().done();
            return SignedCalls.respond(auth.revoke(r.caller(), id(r, Credential.KIND), SignedCalls.of(r)), 204,
                    v -> null);
        });
        router.post("/auth/credentials/{id}/challenge", MANAGE, r -> {
            r.query().done();
            var id = id(r, Credential.KIND);
            return Response.ok(challenged(auth.challenge(r.caller(), id, CredentialChallenge.fromJson(r.body()))));
        });
        router.post("/auth/credentials/{id}/verify", MANAGE, r -> {
            r.query().done();
            var id = id(r, Credential.KIND);
            return SignedCalls.respond(auth.verify(r.caller(), id, CredentialVerification.fromJson(r.body()),
                    SignedCalls.of(r)), 200, WalletRoutes::session);
        });
        router.get("/auth/sessions", VIEW, r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(sessions.list(r.caller(), account),
                    s -> session(new NewSession(s, null))));
        });
        router.delete("/auth/sessions/{id}", MANAGE, r -> {
            r.query().done();
            return SignedCalls.respond(sessions.revoke(r.caller(), id(r, WalletSession.KIND), SignedCalls.of(r)),
                    204, v -> null);
        });
        router.post("/auth/sessions/{id}/refresh", MANAGE, r -> {
            r.query().done();
            var id = id(r, WalletSession.KIND);
            return SignedCalls.respond(sessions.refresh(r.caller(), id, SessionRefresh.fromJson(r.body()),
                    SignedCalls.of(r)), 201, WalletRoutes::session);
        });
        router.post("/internal-accounts/{id}/export", MANAGE, r -> {
            r.query().done();
            var wallet = InternalAccountId.parse("id", r.path("id"));
            return SignedCalls.respond(wallets.export(r.caller(), wallet, WalletExport.fromJson(r.body()),
                    SignedCalls.of(r)), 200, e -> JsonObject.of().put("id", e.account().id())
                    .put("encryptedWalletCredentials", e.encryptedWalletCredentials()).map());
        });
        router.patch("/internal-accounts/{id}", MANAGE, r -> {
            r.query().done();
            var wallet = InternalAccountId.parse("id", r.path("id"));
            return SignedCalls.respond(wallets.update(r.caller(), wallet, WalletUpdate.fromJson(r.body()),
                    SignedCalls.of(r)), 200, ResourceJson::internalAccount);
        });
    }

    private static InternalAccountId accountQuery(QueryParams q) {
        InternalAccountId account = q.id("accountId", InternalAccountId::parse);
        q.done();
        if (account == null) {
            throw InvalidFields.of("accountId", "is required");
        }
        return account;
    }

    private static UUID id(Request r, String kind) {
        return EntityId.parse(kind, "id", r.path("id"));
    }

    /** A credential with what was just issued for it: a passkey challenge, or the bundle of an OTP just sent. */
    private static Map<String, Object> challenged(Challenged challenged) {
        Map<String, Object> body = credential(challenged.credential());
        if (challenged.passkey() != null) {
            AuthChallenge c = challenged.passkey();
            body.put("challenge", c.challengeHex());
            body.put("requestId", EntityId.format(SignedRequest.KIND, c.id()));
            body.put("expiresAt", c.expiresAt().toString());
        } else if (challenged.otpEncryptionTargetBundle() != null) {
            body.put("otpEncryptionTargetBundle", challenged.otpEncryptionTargetBundle());
        }
        return body;
    }

    static Map<String, Object> credential(Credential c) {
        return JsonObject.of().put("id", c.wireId())
                .put("accountId", c.accountId())
                .put("type", c.type().name())
                .put("credentialId", c.type() == AuthMethodType.PASSKEY ? c.identity() : null)
                .put("nickname", c.nickname())
                .put("createdAt", c.createdAt()).put("updatedAt", c.updatedAt()).map();
    }

    static Map<String, Object> session(NewSession s) {
        WalletSession session = s.session();
        return JsonObject.of().put("id", session.wireId())
                .put("accountId", session.accountId())
                .put("type", session.type().name())
                .put("nickname", session.nickname())
                .put("encryptedSessionSigningKey", s.encryptedSessionSigningKey())
                .put("createdAt", session.createdAt()).put("updatedAt", session.updatedAt())
                .put("expiresAt", session.expiresAt()).map();
    }
}
