package payments.ports.card;

import java.time.Instant;

/** A reveal link's token (shown once, only its hash kept) and when it stops working. */
public record IssuedReveal(String token, Instant expiresAt) {
    @Override
    public String toString() {
        return "IssuedReveal[token hidden, expiresAt=" + expiresAt + "]";
    }
}
