package payments.adapter.http.routes;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import java.util.Map;
import java.util.UUID;
import payments.adapter.http.Operation;
import payments.adapter.http.QueryParams;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.core.error.InvalidFields;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.core.json.JsonSchema;
import payments.core.json.ResourceJson;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest;
import payments.core.wallet.WalletSchemas;
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
    static final Shape CREDENTIAL = new Shape("AuthCredential", credentialSchema().schema());
    /** A credential with what was just issued for it ({@link #challenged}). */
    static final Shape CHALLENGED = new Shape("AuthCredentialChallenge", credentialSchema()
            .optional("challenge", string()).optional("requestId", string()).optional("expiresAt", dateTime())
            .optional("otpEncryptionTargetBundle", string()).schema());
    static final Shape SESSION = new Shape("AuthSession", object().required("id", string())
            .required("accountId", string()).required("type", enumOf(AuthMethodType.class))
            .optional("nickname", string()).optional("encryptedSessionSigningKey", string())
            .required("createdAt", dateTime()).required("updatedAt", dateTime()).required("expiresAt", dateTime())
            .schema());
    static final Shape EXPORT = new Shape("WalletExport", object().required("id", string())
            .required("encryptedWalletCredentials", string()).schema());
    private final WalletAuthUseCases auth;
    private final WalletSessionUseCases sessions;
    private final WalletUseCases wallets;

    WalletRoutes(WalletAuthUseCases auth, WalletSessionUseCases sessions, WalletUseCases wallets) {
        this.auth = auth;
        this.sessions = sessions;
        this.wallets = wallets;
    }

    void register(Router router) {
        router.post("/auth/credentials", MANAGE, Operation.of("Add an embedded wallet's credential")
                .body(WalletSchemas.CREATE_CREDENTIAL).signed(SignedCalls.CHALLENGE)
                .answers(201, "The credential and its first challenge", CHALLENGED), r -> {
            r.query().done();
            return SignedCalls.respond(auth.create(r.caller(), NewCredential.fromJson(r.body()), SignedCalls.of(r)),
                    201, WalletRoutes::challenged);
        });
        router.get("/auth/credentials", VIEW, Operation.of("List an embedded wallet's credentials")
                .query("accountId", string()).answersList(CREDENTIAL), r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(auth.list(r.caller(), account), WalletRoutes::credential));
        });
        router.delete("/auth/credentials/{id}", MANAGE, Operation.of("Revoke a credential")
                .signed(SignedCalls.CHALLENGE).answersNothing(204, "Revoked"), r -> {
            r.query().done();
            return SignedCalls.respond(auth.revoke(r.caller(), id(r, Credential.KIND), SignedCalls.of(r)), 204,
                    v -> null);
        });
        router.post("/auth/credentials/{id}/challenge", MANAGE, Operation.of("Challenge a credential")
                .optionalBody(WalletSchemas.CHALLENGE).answers(200, "The challenge", CHALLENGED), r -> {
            r.query().done();
            var id = id(r, Credential.KIND);
            return Response.ok(challenged(auth.challenge(r.caller(), id, CredentialChallenge.fromJson(r.body()))));
        });
        router.post("/auth/credentials/{id}/verify", MANAGE, Operation.of("Verify a credential, opening a session")
                .body(WalletSchemas.VERIFY).signed(SignedCalls.CHALLENGE)
                .answers(200, "The session", SESSION), r -> {
            r.query().done();
            var id = id(r, Credential.KIND);
            return SignedCalls.respond(auth.verify(r.caller(), id, CredentialVerification.fromJson(r.body()),
                    SignedCalls.of(r)), 200, WalletRoutes::session);
        });
        router.get("/auth/sessions", VIEW, Operation.of("List an embedded wallet's sessions")
                .query("accountId", string()).answersList(SESSION), r -> {
            InternalAccountId account = accountQuery(r.query());
            return Response.ok(JsonObject.data(sessions.list(r.caller(), account),
                    s -> session(new NewSession(s, null))));
        });
        router.delete("/auth/sessions/{id}", MANAGE, Operation.of("Revoke a session")
                .signed(SignedCalls.CHALLENGE).answersNothing(204, "Revoked"), r -> {
            r.query().done();
            return SignedCalls.respond(sessions.revoke(r.caller(), id(r, WalletSession.KIND), SignedCalls.of(r)),
                    204, v -> null);
        });
        router.post("/auth/sessions/{id}/refresh", MANAGE, Operation.of("Refresh a session")
                .body(WalletSchemas.CLIENT_KEY).signed(SignedCalls.CHALLENGE)
                .answers(201, "The new session", SESSION), r -> {
            r.query().done();
            var id = id(r, WalletSession.KIND);
            return SignedCalls.respond(sessions.refresh(r.caller(), id, SessionRefresh.fromJson(r.body()),
                    SignedCalls.of(r)), 201, WalletRoutes::session);
        });
        router.post("/internal-accounts/{id}/export", MANAGE, Operation.of("Export an embedded wallet's credentials")
                .body(WalletSchemas.CLIENT_KEY).signed(SignedCalls.CHALLENGE)
                .answers(200, "The wallet's credentials, encrypted to the client's key", EXPORT), r -> {
            r.query().done();
            var wallet = InternalAccountId.parse("id", r.path("id"));
            return SignedCalls.respond(wallets.export(r.caller(), wallet, WalletExport.fromJson(r.body()),
                    SignedCalls.of(r)), 200, e -> JsonObject.of().put("id", e.account().id())
                    .put("encryptedWalletCredentials", e.encryptedWalletCredentials()).map());
        });
        router.patch("/internal-accounts/{id}", MANAGE, Operation.of("Update an embedded wallet")
                .body(WalletSchemas.WALLET_UPDATE).signed(SignedCalls.CHALLENGE)
                .answers(200, "The account", Shapes.INTERNAL_ACCOUNT), r -> {
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

    private static JsonSchema.ObjectShape credentialSchema() {
        return object().required("id", string()).required("accountId", string())
                .required("type", enumOf(AuthMethodType.class)).optional("credentialId", string())
                .optional("nickname", string()).required("createdAt", dateTime()).required("updatedAt", dateTime());
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
