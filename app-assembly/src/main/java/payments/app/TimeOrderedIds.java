package payments.app;

import java.util.UUID;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;

/**
 * Version 7 UUIDs (RFC 9562): the creation millisecond in the first 48 bits, then 74 random bits from the JDK's
 * SecureRandom. Ids made close in time sort close together, so a new row's primary key (and every index keyed by
 * an id) lands on the few pages already in memory instead of a random page of the whole index: PostgreSQL writes
 * and evicts far fewer pages (docs/PERFORMANCE.md). An id tells when it was made, as the resource's
 * {@code createdAt} does; it is not a secret (secrets come from {@code WalletCrypto.randomBytes} and
 * {@code TokenSecrets}).
 */
final class TimeOrderedIds implements Ids {
    private static final long VERSION_7 = 0x7000L;
    private final Clock clock;

    TimeOrderedIds(Clock clock) {
        this.clock = clock;
    }

    @Override
    public UUID newId() {
        UUID random = UUID.randomUUID(); // its variant bits are RFC 9562's already
        long millis = clock.now().toEpochMilli() & 0xFFFF_FFFF_FFFFL;
        long mostSignificant = millis << 16 | VERSION_7 | random.getMostSignificantBits() & 0x0FFFL;
        return new UUID(mostSignificant, random.getLeastSignificantBits());
    }
}
