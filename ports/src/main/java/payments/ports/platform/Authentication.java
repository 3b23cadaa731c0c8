package payments.ports.platform;

import java.util.Optional;
import payments.core.platform.Caller;

/**
 * Who is calling: an API token's id (its uuid, or {@code Token:<uuid>}) and secret, as HTTP Basic carries them. Every
 * failure is the same 401, so a caller learns nothing of which part was wrong.
 */
public interface Authentication {
    Caller authenticate(String username, String secret);

    /**
     * {@link #authenticate} without reading the database, for a thread that must not block: the caller when the token
     * was verified recently, empty when it must be looked up; a refusal when the username is no token id or the secret
     * does not match the remembered one.
     */
    Optional<Caller> authenticateRemembered(String username, String secret);
}
