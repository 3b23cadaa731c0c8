package payments.ports.webhook;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.webhook.WebhookKeys.WebhookKey;
import payments.ports.driven.webhook.WebhookKeys;
import payments.ports.driven.webhook.WebhookSigner;
import payments.ports.time.PlatformClock;

/**
 * Each platform's webhook signing keys. The first is made on first use. A rotation makes a new key and keeps the
 * one it replaces valid for an overlap window: meanwhile every delivery is signed by both, the new key in
 * {@value #SIGNATURE_HEADER} and the old one in {@value #PREVIOUS_SIGNATURE_HEADER}, so a receiver can switch keys
 * without missing an event. At most two keys are ever valid.
 */
public final class WebhookKeyService implements WebhookKeyUseCases {
    public static final String SIGNATURE_HEADER = "X-Service-Signature";
    public static final String PREVIOUS_SIGNATURE_HEADER = "X-Service-Signature-Previous";
    public static final String STANDARD_ID_HEADER = "webhook-id";
    public static final String STANDARD_TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String STANDARD_SIGNATURE_HEADER = "webhook-signature";

    private final WebhookKeys keys;
    private final WebhookSigner signer;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public WebhookKeyService(WebhookKeys keys, WebhookSigner signer, PlatformClock clock, TransactionRunner tx) {
        this.keys = keys;
        this.signer = signer;
        this.clock = clock;
        this.tx = tx;
    }

    /**
     * The platform's current public key (PEM, SPKI), shown as {@code webhookPublicKey} by {@code GET /config}, and by
     * {@code PATCH /config}'s answer: so MANAGE, which changes the configuration, sees it as VIEW does.
     */
    @Override
    public String publicKey(Caller caller) {
        if (!caller.permissions().contains(Permission.MANAGE)) {
            caller.require(Permission.VIEW);
        }
        return signingKeys(caller.platformId(), clock.now(caller)).get(0).publicKeyPem();
    }

    @Override
    public RotatedKeys rotate(Caller caller, KeyRotation command) {
        caller.require(Permission.MANAGE);
        long overlap = command.overlapSeconds();
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            WebhookKey current = signingKeys(caller.platformId(), now).get(0);
            WebhookKey next = newKey(caller.platformId(), current.generation() + 1, now);
            if (!keys.insert(next)) {
                throw new Conflict("CONFLICT", "Another key rotation of this platform is in progress");
            }
            keys.retireBelow(caller.platformId(), current.generation(), now);
            keys.retireBelow(caller.platformId(), next.generation(), now.plusSeconds(overlap));
            return described(keys.active(caller.platformId(), now));
        });
    }

    @Override
    public RotatedKeys secrets(Caller caller) {
        caller.require(Permission.MANAGE);
        return described(signingKeys(caller.platformId(), clock.now(caller)));
    }

    /** The newest of {@code valid} and the one in its overlap window, if any. */
    private RotatedKeys described(List<WebhookKey> valid) {
        WebhookKey current = valid.get(0);
        WebhookKey previous = valid.size() > 1 ? valid.get(1) : null;
        return new RotatedKeys(current.publicKeyPem(), signer.standardSecret(current.privateKey()),
                previous == null ? null : previous.publicKeyPem(),
                previous == null ? null : signer.standardSecret(previous.privateKey()),
                previous == null ? null : previous.retiresAt());
    }

    /** The keys that sign at {@code now}: the newest first, then the one in its overlap window, if any. */
    List<WebhookKey> signingKeys(PlatformId platform, Instant now) {
        return tx.inTransaction(() -> {
            List<WebhookKey> valid = keys.active(platform, now);
            if (!valid.isEmpty()) {
                return valid.subList(0, Math.min(2, valid.size()));
            }
            keys.insert(newKey(platform, 1, now)); // a concurrent first use may win; either key is the first
            return keys.active(platform, now);
        });
    }

    /**
     * The signature headers of the message {@code id} sent at {@code sentAt}: {@code {"v":"1","s":"<base64 DER>"}}
     * per valid key, and the Standard Webhooks headers ({@code webhook-signature} holding one {@code v1,<base64>}
     * per valid key, space separated, as that standard rotates).
     */
    Map<String, String> signatureHeaders(List<WebhookKey> signing, String id, Instant sentAt, byte[] body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(SIGNATURE_HEADER, value(signing.get(0), body));
        if (signing.size() > 1) {
            headers.put(PREVIOUS_SIGNATURE_HEADER, value(signing.get(1), body));
        }
        long timestamp = sentAt.getEpochSecond();
        headers.put(STANDARD_ID_HEADER, id);
        headers.put(STANDARD_TIMESTAMP_HEADER, Long.toString(timestamp));
        headers.put(STANDARD_SIGNATURE_HEADER, String.join(" ", signing.stream().map(key -> signer.standardSignature(
                signer.standardSecret(key.privateKey()), id, timestamp, body)).toList()));
        return headers;
    }

    private String value(WebhookKey key, byte[] body) {
        return "{\"v\":\"1\",\"s\":\"" + signer.sign(key.privateKey(), body) + "\"}";
    }

    private WebhookKey newKey(PlatformId platform, int generation, Instant now) {
        WebhookSigner.NewKey made = signer.newKey();
        return new WebhookKey(platform, generation, made.publicKeyPem(), made.privateKey(), now, null);
    }
}
