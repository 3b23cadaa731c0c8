package payments.core.wallet;

import java.time.Instant;
import java.util.UUID;
import payments.core.id.InternalAccountId;

/**
 * A way to authenticate to an embedded wallet. {@code identity} is what makes it unique on its account: the email
 * (EMAIL_OTP), phone (SMS_OTP), {@code iss|sub} (OAUTH) or the WebAuthn credential id (PASSKEY). OAUTH keeps
 * {@code audience}; PASSKEY keeps its attested credential data and signature counter.
 */
public record Credential(UUID id, InternalAccountId accountId, AuthMethodType type, String nickname, String identity,
                         String audience, byte[] passkeyData, long signCount, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "AuthMethod";

    public String wireId() {
        return KIND + ":" + id;
    }

    public Credential withSignCount(long count, Instant now) {
        return new Credential(id, accountId, type, nickname, identity, audience, passkeyData, count, createdAt, now);
    }
}
