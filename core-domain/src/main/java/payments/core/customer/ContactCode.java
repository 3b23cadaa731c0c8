package payments.core.customer;

import java.time.Duration;
import java.time.Instant;
import payments.core.error.RateLimited;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;

/**
 * The code last sent to verify one of a customer's channels: the address it went to, its hash, when it expires and
 * how many wrong guesses it took; and how many codes were sent in the current hour, which is limited.
 */
public record ContactCode(PlatformId platformId, CustomerId customerId, ContactChannel channel, String address,
                          String codeHash, Instant expiresAt, int failedAttempts, int sends,
                          Instant windowStartedAt) {
    public static final Duration TIME_TO_LIVE = Duration.ofMinutes(10);
    public static final int MAX_ATTEMPTS = 5;
    public static final int MAX_SENDS = 5;
    public static final Duration SEND_WINDOW = Duration.ofHours(1);

    /** A new code replacing {@code previous} (null: the first); 429 past {@link #MAX_SENDS} codes an hour. */
    public static ContactCode sent(ContactCode previous, PlatformId platform, CustomerId customer,
                                   ContactChannel channel, String address, String codeHash, Instant now) {
        boolean sameWindow = previous != null && now.isBefore(previous.windowStartedAt.plus(SEND_WINDOW));
        if (sameWindow && previous.sends >= MAX_SENDS) {
            throw new RateLimited("At most " + MAX_SENDS + " codes an hour are sent to one " + channel.key(),
                    secondsUntil(previous.windowStartedAt.plus(SEND_WINDOW), now));
        }
        return new ContactCode(platform, customer, channel, address, codeHash, now.plus(TIME_TO_LIVE), 0,
                sameWindow ? previous.sends + 1 : 1, sameWindow ? previous.windowStartedAt : now);
    }

    /** Whether this code may still be tried for {@code currentAddress}: sent there, not expired, not spent. */
    public boolean usableFor(String currentAddress, Instant now) {
        return address.equals(currentAddress) && now.isBefore(expiresAt);
    }

    /** 429 once {@link #MAX_ATTEMPTS} wrong codes were tried: a new code must be sent. */
    public void requireAttemptsLeft(Instant now) {
        if (failedAttempts >= MAX_ATTEMPTS) {
            throw new RateLimited("Too many wrong codes; send a new one", secondsUntil(expiresAt, now));
        }
    }

    public ContactCode failed() {
        return new ContactCode(platformId, customerId, channel, address, codeHash, expiresAt, failedAttempts + 1,
                sends, windowStartedAt);
    }

    private static long secondsUntil(Instant then, Instant now) {
        return Math.max(1, Duration.between(now, then).toSeconds() + 1);
    }
}
