package payments.core.stablecoin;

import java.math.BigInteger;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Environment;

/**
 * A token the platform created at the provider and registered here, issued through {@code providerAccountId} (the
 * link's id). {@code currency} is the service currency that holds it in internal accounts, set once the service
 * enabled it ({@code serviceOperationsStatus} ENABLED); {@code providerReference} is the provider's name for the
 * registration, which its status checks take.
 */
public record Stablecoin(UUID id, PlatformId platformId, UUID providerAccountId, Token token, StablecoinNetwork network,
                         String networkTokenIdentifier, String providerTokenIdentifier, IssuanceStatus issuanceStatus,
                         ServiceOperationsStatus serviceOperationsStatus, String currency, Environment environment,
                         String providerReference, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "Stablecoin";
    /** Token amounts are minor units the ledger counts in a long: at most this, as every other amount. */
    public static final long MAX_AMOUNT = Money.MAX_MINOR;

    /** What the provider says the token is: name, symbol, the fiat it is pegged to, and its decimals. */
    public record Token(String name, String symbol, String baseCurrency, int decimals) {
        public Token {
            Objects.requireNonNull(symbol, "symbol");
            Objects.requireNonNull(baseCurrency, "baseCurrency");
        }

        /**
         * Whether the service can count this token against its fiat: the fiat is a currency the service knows, and
         * a whole minor unit of it is a whole number of token units (at most 10^18 of them).
         */
        public boolean isCountable() {
            return Currencies.find(baseCurrency).filter(fiat -> decimals >= fiat.decimals()
                    && decimals - fiat.decimals() <= 18).isPresent();
        }
    }

    public Stablecoin {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(issuanceStatus, "issuanceStatus");
        Objects.requireNonNull(serviceOperationsStatus, "serviceOperationsStatus");
    }

    public String wireId() {
        return EntityId.format(KIND, id);
    }

    public static UUID parseId(String field, String text) {
        return EntityId.parse(KIND, field, text);
    }

    public static NotFound notFound(UUID id) {
        return new NotFound("REFERENCE_NOT_FOUND", "No stablecoin " + EntityId.format(KIND, id));
    }

    /** Token units written as the reference writes them (decimal digits): 1 to {@link #MAX_AMOUNT}, else 400. */
    public static long parseAmount(String field, String digits) {
        BigInteger amount = new BigInteger(digits);
        if (amount.signum() <= 0 || amount.compareTo(BigInteger.valueOf(MAX_AMOUNT)) > 0) {
            throw InvalidFields.of(field, "must be between 1 and " + MAX_AMOUNT + " token units");
        }
        return amount.longValueExact();
    }

    /** The provider's review moved on; {@link IllegalStateException} for a move its state machine forbids. */
    public Stablecoin withIssuance(IssuanceStatus next, Instant now) {
        if (!issuanceStatus.canMoveTo(next)) {
            throw new IllegalStateException(wireId() + " cannot move from " + issuanceStatus + " to " + next);
        }
        return new Stablecoin(id, platformId, providerAccountId, token, network, networkTokenIdentifier,
                providerTokenIdentifier, next, serviceOperationsStatus, currency, environment, providerReference,
                createdAt, now);
    }

    /** The service's enablement moved on; {@code serviceCurrency} is the currency once ENABLED. */
    public Stablecoin withServiceOperations(ServiceOperationsStatus next, String serviceCurrency, Instant now) {
        if (!serviceOperationsStatus.canMoveTo(next)) {
            throw new IllegalStateException(wireId() + " cannot move from " + serviceOperationsStatus + " to "
                    + next);
        }
        return new Stablecoin(id, platformId, providerAccountId, token, network, networkTokenIdentifier,
                providerTokenIdentifier, issuanceStatus, next, serviceCurrency, environment, providerReference,
                createdAt, now);
    }

    /** The coin, if tokens can be minted and burnt: 409 until the provider provisioned it. */
    public Stablecoin requireProvisioned() {
        if (issuanceStatus != IssuanceStatus.PROVISIONED) {
            throw new Conflict("CONFLICT", "Stablecoin " + wireId() + " is " + issuanceStatus
                    + "; mints and burns need a PROVISIONED stablecoin", Map.of("issuanceStatus",
                    issuanceStatus.name()));
        }
        return this;
    }

    /**
     * The service currency internal accounts hold the coin in; 400 naming {@code field} (the internal account the
     * request names) until the service enabled the coin.
     */
    public String requireServiceCurrency(String field) {
        if (serviceOperationsStatus != ServiceOperationsStatus.ENABLED) {
            throw InvalidFields.of(field, "cannot hold " + wireId() + ": its serviceOperationsStatus is "
                    + serviceOperationsStatus + ", and internal accounts hold a stablecoin once it is ENABLED");
        }
        return currency;
    }

    /** Token units in one minor unit of the base currency (a cent): 10^(token decimals - fiat decimals). */
    public long unitsPerFiatMinor() {
        long units = 1;
        for (int i = Currencies.of(token.baseCurrency()).decimals(); i < token.decimals(); i++) {
            units *= 10;
        }
        return units;
    }

    /** 400 naming {@code field} unless {@code amount} token units are a whole number of fiat minor units. */
    public void requireWholeFiatMinor(String field, long amount) {
        long units = unitsPerFiatMinor();
        if (amount % units != 0) {
            throw InvalidFields.of(field, "must be a whole " + token.baseCurrency() + " minor unit: a multiple of "
                    + units + " (the token has " + token.decimals() + " decimals)");
        }
    }

    /** What {@code amount} token units are worth in minor units of the base currency (a whole number of them). */
    public long fiatMinor(long amount) {
        return amount / unitsPerFiatMinor();
    }
}
