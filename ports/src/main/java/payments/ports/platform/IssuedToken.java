package payments.ports.platform;

import payments.core.platform.ApiToken;

/** A newly issued token with its secret: the only time the secret is ever available. */
public record IssuedToken(ApiToken token, String secret) {
    /** The value of {@code PAYMENTS_SANDBOX_TOKEN} and the Basic-auth pair: {@code <uuid>:<secret>}. */
    public String credentials() {
        return token.id().value() + ":" + secret;
    }
}
