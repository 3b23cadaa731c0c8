package payments.ports.driven.wallet;

import java.time.Instant;
import java.util.List;
import payments.core.platform.Environment;

/**
 * OIDC ID tokens. Production verifies the signature against the issuer's key set (cached, rate-limited refresh);
 * the sandbox skips only the signature. Both then check the claim rules of the spec (issuer supported, aud, sub,
 * iat at most 60 s old (sandbox: 5 s skew), exp in the future).
 */
public interface OidcTokens {
    /** Parses and verifies; a token that is not a JWT raises {@link Malformed}, a failed check {@link Rejected}. */
    Claims verify(Environment environment, String token, Instant now) throws Malformed, Rejected;

    record Claims(String issuer, List<String> audience, String subject, Instant issuedAt, Instant expiresAt,
                  String nonce, String email) {
    }

    final class Malformed extends Exception {
        public Malformed(String message) {
            super(message, null, false, false);
        }
    }

    /** {@code reason} names the failed check (signature, issuer, aud, iat, exp, ...). */
    final class Rejected extends Exception {
        public Rejected(String reason) {
            super(reason, null, false, false);
        }
    }
}
