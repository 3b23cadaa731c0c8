package payments.adapter.http;

import java.util.Map;
import java.util.UUID;
import payments.core.common.EntityId;
import payments.core.common.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.ResourceJson;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest;
import payments.core.wallet.WalletSession;
import payments.ports.account.InternalAccountService;
import payments.ports.wallet.SignedRetry;
import payments.ports.wallet.WalletAuthService;
import payments.ports.wallet.WalletService;
import payments.ports.wallet.WalletSessionService;

/**
 * Embedded-wallet authentication ({@code /auth/credentials}, {@code /auth/sessions}) and wallet actions
 * ({@code /internal-accounts/{id}}). Signed-retry calls answer 202 with the challenge on the first leg.
 */
public final class WalletRoutes {
    static final String SIGNATURE = "Service-Wallet-Signature";
    static final String REQUEST_ID = "Request-Id";

    private final WalletAuthService auth;
    private final WalletSessionService sessions;
    private final WalletService wallets;
    private final InternalAccountService accounts;

    public WalletRoutes(WalletAuthService auth, WalletSessionService sessions, WalletService wallets,
                        InternalAccountService accounts) {
        this.auth = auth;
        this.sessions = sessions;
        this.wallets = wallets;
        this.accounts = accounts;
    }

    public void register(Router router) {
        router.post("/auth/credentials", r -> {
            r.query().done();
            return respond(auth.create(r.caller(), r.body(), signed(r)), 201, WalletRoutes::challenged);
        });
        router.get("/auth/credentials", r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(auth.list(r.caller(), account), WalletRoutes::credential));
        });
        router.delete("/auth/credentials/{id}", r -> {
            r.query().done();
            return respond(auth.revoke(r.caller(), id(r, Credential.KIND), signed(r)), 204, v -> null);
        });
        router.post("/auth/credentials/{id}/challenge", r -> {
            r.query().done();
            return Response.ok(challenged(auth.challenge(r.caller(), id(r, Credential.KIND), r.body())));
        });
        router.post("/auth/credentials/{id}/verify", r -> {
            r.query().done();
            return respond(auth.verify(r.caller(), id(r, Credential.KIND), r.body(), signed(r)), 200,
                    WalletRoutes::session);
        });
        router.get("/auth/sessions", r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(sessions.list(r.caller(), account),
                    s -> session(new WalletAuthService.NewSession(s, null))));
        });
        router.delete("/auth/sessions/{id}", r -> {
            r.query().done();
            return respond(sessions.revoke(r.caller(), id(r, WalletSession.KIND), signed(r)), 204, v -> null);
        });
        router.post("/auth/sessions/{id}/refresh", r -> {
            r.query().done();
            return respond(sessions.refresh(r.caller(), id(r, WalletSession.KIND), r.body(), signed(r)), 201,
                    WalletRoutes::session);
        });
        router.post("/internal-accounts/{id}/export", r -> {
            r.query().done();
            return respond(wallets.export(r.caller(), r.path("id"), r.body(), signed(r)), 200,
                    e -> JsonObject.of().put("id", e.account().id())
                            .put("encryptedWalletCredentials", e.encryptedWalletCredentials()).map());
        });
        router.patch("/internal-accounts/{id}", r -> {
            r.query().done();
            return respond(wallets.update(r.caller(), r.path("id"), r.body(), signed(r)), 200,
                    a -> ResourceJson.internalAccount(accounts.view(r.caller(), a)));
        });
    }

    static SignedRetry.Signed signed(Request r) {
        return new SignedRetry.Signed(r.method(), r.apiPath(), r.rawBody(), r.header(SIGNATURE),
                r.header(REQUEST_ID));
    }

    /** 202 with the challenge on a first leg; the action's result otherwise. */
    static <T> Response respond(SignedRetry.Outcome<T> outcome, int status,
                                java.util.function.Function<T, Object> render) {
        if (outcome instanceof SignedRetry.Challenge<T> c) {
            return challenge(c.request());
        }
        Object body = render.apply(((SignedRetry.Done<T>) outcome).value());
        return new Response(status, body);
    }

    /** The 202 first leg of a signed retry: what to sign and the request id to send back. */
    private static Response challenge(SignedRequest request) {
        return new Response(202, JsonObject.of().put("type", request.type().name())
                .put("payloadToSign", request.payload())
                .put("requestId", request.wireId())
                .put("expiresAt", request.expiresAt()).map());
    }

    private static InternalAccountId accountQuery(QueryParams q) {
        InternalAccountId account = q.id("accountId", InternalAccountId::parse);
        q.done();
        if (account == null) {
            throw payments.core.common.InvalidFields.of("accountId", "is required");
        }
        return account;
    }

    private static UUID id(Request r, String kind) {
        return EntityId.parse(kind, "id", r.path("id"));
    }

    /** A credential with what was just issued for it: a passkey challenge, or the bundle of an OTP just sent. */
    private static Map<String, Object> challenged(WalletAuthService.Challenged challenged) {
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
                .put("credentialId", c.type() == payments.core.wallet.AuthMethodType.PASSKEY ? c.identity() : null)
                .put("nickname", c.nickname())
                .put("createdAt", c.createdAt()).put("updatedAt", c.updatedAt()).map();
    }

    static Map<String, Object> session(WalletAuthService.NewSession s) {
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
