package payments.ports.driven.platform;

import payments.core.platform.ApiToken;
import payments.core.platform.Environment;

/** What authentication needs of a token: the token, the hash of its secret and its platform's environment. */
public record StoredToken(ApiToken token, byte[] secretHash, Environment environment) {
}
