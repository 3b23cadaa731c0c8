package payments.ports.wallet;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import payments.core.error.Conflict;
import payments.core.error.InvalidInput;
import payments.core.error.Unauthenticated;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.PayloadToSign;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.core.wallet.SignedRequest;
import payments.core.wallet.WalletSession;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.SignedRequests;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSessions;
import payments.ports.time.PlatformClock;

/**
 * The signed-retry pattern, one mechanism for every wallet action (shared/design/wallet-crypto.md §3). The first
 * call gets a 202 challenge whose payload binds the request; the identical retry carries a stamp over that payload
 * and the request id, and is checked in the design's order: signature present, request id present, stamp well
 * formed, request id usable, body unchanged, signature valid by an allowed key, credential set unchanged. The
 * request id is consumed in the same database transaction as the action, so only a successful action uses it.
 */
public final class SignedRetry {
    static final String LEGACY_SANDBOX_SIGNATURE = "sandbox-valid-signature";

    private final SignedRequests requests;
    private final WalletSessions sessions;
    private final WalletCrypto crypto;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public SignedRetry(SignedRequests requests, WalletSessions sessions, WalletCrypto crypto, PlatformClock clock,
                       Ids ids, TransactionRunner tx) {
        this.requests = requests;
        this.sessions = sessions;
        this.crypto = crypto;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * One wallet action: what it is, the call that came (what the retry must repeat, and its headers), and who may
     * sign it. {@code bound} are extra values the payload binds (target ids, new keys); {@code credentialSet}
     * fingerprints the credentials the action depends on (null when none).
     */
    public record Guard(Caller caller, InternalAccountId account, AuthMethodType type, String activity, SignedCall call,
                        Map<String, String> bound, SignerRule rule, String signerArgument, String credentialSet) {
        public boolean isFirstLeg() {
            return call.signature() == null && call.requestId() == null;
        }
    }

    public <T> SignedOutcome<T> run(Guard g, Function<String, T> action) {
        return tx.inTransaction(() -> {
            if (g.isFirstLeg()) {
                return new SignedOutcome.Challenge<T>(issue(g));
            }
            String signer = verify(g);
            return new SignedOutcome.Done<>(action.apply(signer), signer);
        });
    }

    /** Stores the first leg's pending request and its payload. */
    public SignedRequest issue(Guard g) {
        Instant now = clock.now(g.caller());
        UUID id = ids.newId();
        String requestId = EntityId.format(SignedRequest.KIND, id);
        SignedCall call = g.call();
        String bodySha256 = crypto.sha256Hex(call.body());
        Map<String, String> parameters = new LinkedHashMap<>(g.bound());
        parameters.put("method", call.method());
        parameters.put("path", call.path());
        parameters.put("bodySha256", bodySha256);
        String payload = PayloadToSign.of(g.activity(), now, g.account().toString(), requestId, parameters);
        SignedRequest request = new SignedRequest(id, g.account(), g.type(), call.method(), call.path(), bodySha256,
                payload, g.rule(), g.signerArgument(), g.credentialSet(), now, now.plus(SignedRequest.LIFETIME), null);
        requests.insert(g.caller().platformId(), request);
        return request;
    }

    /** Checks a retry and consumes its request id; returns the signing key. */
    private String verify(Guard g) {
        SignedCall call = g.call();
        if (call.signature() == null) {
            throw unauthorized("WALLET_SIGNATURE_MISSING", "Service-Wallet-Signature is required on the retry");
        }
        if (call.requestId() == null) {
            throw unauthorized("REQUEST_ID_MISSING", "Request-Id is required on the retry");
        }
        boolean legacy = g.caller().isSandbox() && LEGACY_SANDBOX_SIGNATURE.equals(call.signature());
        WalletCrypto.Stamp stamp = legacy ? null : parse(call.signature());
        Instant now = clock.now(g.caller());
        UUID id;
        try {
            id = EntityId.parse(SignedRequest.KIND, "Request-Id", call.requestId());
        } catch (InvalidInput e) {
            throw failedCheck("Request-Id is not a Request:<uuid>");
        }
        SignedRequest request = requests.findForUpdate(g.caller().platformId(), id)
                .filter(r -> r.accountId().equals(g.account()))
                .orElseThrow(() -> failedCheck("Request-Id is unknown"));
        String reason = request.unusableReason(call.method(), call.path(), now);
        if (reason != null) {
            throw failedCheck(reason);
        }
        if (!request.bodySha256().equals(crypto.sha256Hex(call.body()))) {
            throw unauthorized("WALLET_SIGNATURE_BODY_MISMATCH", "The retry's body differs from the first call's");
        }
        String signer;
        if (legacy) {
            // The legacy value stands for a stamp by the allowed key: the bound one where the payload binds one
            // (an OTP login's session key, so the session it opens has a key).
            signer = request.signerRule() == SignerRule.BOUND_KEY ? request.signerArgument() : null;
        } else {
            if (!crypto.verify(stamp, request.payload().getBytes(StandardCharsets.UTF_8))) {
                throw invalid("the signature does not verify over payloadToSign");
            }
            signer = stamp.publicKey();
            requireAllowedSigner(g.caller(), request, signer, now);
        }
        if (request.credentialSet() != null && !request.credentialSet().equals(g.credentialSet())) {
            throw new Conflict("EMAIL_OTP_CREDENTIAL_SET_CHANGED",
                    "The wallet's credentials changed after the challenge was issued; start again");
        }
        requests.consume(g.caller().platformId(), request.id(), now);
        return signer;
    }

    /** Checks a stamp over a payload held elsewhere (a quote's): an active session of the wallet must have signed. */
    public String verifyWalletSignature(Caller caller, InternalAccountId account, String payload, String header) {
        if (header == null) {
            throw unauthorized("WALLET_SIGNATURE_MISSING", "Service-Wallet-Signature is required for this wallet");
        }
        if (caller.isSandbox() && LEGACY_SANDBOX_SIGNATURE.equals(header)) {
            return null;
        }
        WalletCrypto.Stamp stamp = parse(header);
        if (!crypto.verify(stamp, payload.getBytes(StandardCharsets.UTF_8))) {
            throw invalid("the signature does not verify over payloadToSign");
        }
        Instant now = clock.now(caller);
        if (sessions.listActive(caller.platformId(), account, now).stream()
                .noneMatch(s -> s.publicKey().equals(stamp.publicKey()))) {
            throw invalid("the signing key is not an active session of this wallet");
        }
        return stamp.publicKey();
    }

    private void requireAllowedSigner(Caller caller, SignedRequest request, String signer, Instant now) {
        if (request.signerRule() == SignerRule.BOUND_KEY) {
            if (!signer.equals(request.signerArgument())) {
                throw invalid("the signing key is not the key bound into the payload");
            }
            return;
        }
        List<WalletSession> active = sessions.listActive(caller.platformId(), request.accountId(), now);
        boolean allowed = active.stream().anyMatch(s -> s.publicKey().equals(signer)
                && (request.signerRule() != SignerRule.SESSION_OF_OTHER_CREDENTIAL
                || !s.credentialId().toString().equals(request.signerArgument())));
        if (!allowed) {
            throw invalid(request.signerRule() == SignerRule.SESSION_OF_OTHER_CREDENTIAL
                    ? "the signing key must be an active session of a different credential of this wallet"
                    : "the signing key is not an active session of this wallet");
        }
    }

    private WalletCrypto.Stamp parse(String header) {
        try {
            return crypto.parseStamp(header);
        } catch (WalletCrypto.MalformedStamp e) {
            throw unauthorized("WALLET_SIGNATURE_MALFORMED", "Service-Wallet-Signature is malformed: "
                    + e.getMessage());
        }
    }

    public static Unauthenticated unauthorized(String code, String message) {
        return new Unauthenticated(code, message, Map.of("reason", message));
    }

    private static Unauthenticated invalid(String reason) {
        return new Unauthenticated("WALLET_SIGNATURE_INVALID", "Wallet signature invalid: " + reason,
                Map.of("reason", reason));
    }

    /** 401 UNAUTHORIZED naming the failed check in {@code reason} (wallet-auth failures other than the stamp's). */
    public static Unauthenticated failedCheck(String reason) {
        return new Unauthenticated("UNAUTHORIZED", reason, Map.of("reason", reason));
    }
}
