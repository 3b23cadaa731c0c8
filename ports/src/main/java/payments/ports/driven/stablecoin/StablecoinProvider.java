package payments.ports.driven.stablecoin;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.platform.Environment;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinNetwork;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;

/**
 * The stablecoin issuer: checks a platform's credentials, registers the tokens the platform created there, takes
 * mints and burns and reports how they stand. A provider that cannot be reached raises
 * {@link payments.core.error.Unavailable} (503 with Retry-After), and the request that called it writes nothing.
 * Every call takes {@code at}, the platform's time of the call: a real provider keeps its own clock, the sandbox's
 * outcomes follow the platform's sandbox clock. {@code nextCheckSeconds} says when the status may next change.
 */
public interface StablecoinProvider {
    /** The credentials a link was made with; {@link #toString} never shows the secret. */
    record Credentials(String apiClientId, String apiClientSecret) {
        @Override
        public String toString() {
            return "Credentials[apiClientId=" + apiClientId + ", apiClientSecret=(hidden)]";
        }
    }

    /** A call through a link: the platform's environment, the link's credentials and its account at the provider. */
    record Access(Environment environment, Credentials credentials, String providerAccountId) {
    }

    /** The provider's word on credentials: their status and the accounts they reach. */
    record CredentialCheck(ProviderAccountStatus status, List<String> accountIds) {
        public CredentialCheck {
            accountIds = List.copyOf(accountIds);
        }
    }

    /** A token registered for the service: what it is and the provider's name for the registration. */
    record RegisteredToken(Stablecoin.Token token, String reference, long nextCheckSeconds) {
    }

    record TokenProgress(IssuanceStatus status, long nextCheckSeconds) {
    }

    /**
     * A mint or burn to make: {@code sourceType} is the mint's funding or the burn's source type,
     * {@code fiatAmount} what {@code amount} is worth in minor units of {@code baseCurrency}; {@code payoutRail} the
     * burn's fiat rail (null for a mint).
     */
    record Order(UUID operationId, OperationType type, String sourceType, long amount, long fiatAmount,
                 String baseCurrency, String networkTokenIdentifier, String payoutRail) {
    }

    /** How a mint or burn stands; {@code failureReason} a stable code once it FAILED or EXPIRED. */
    record Progress(OperationStatus status, String providerStatus, String failureReason, long nextCheckSeconds) {
    }

    /**
     * An order the provider took: its name for it, how it stands, where the funds or tokens go
     * ({@code fundingInstructions}) and until when ({@code expiresAt}), and a burn's fiat payout estimate.
     */
    record Submitted(String reference, Progress progress, Map<String, Object> fundingInstructions,
                     Instant expiresAt, Map<String, Object> estimatedDelivery) {
    }

    CredentialCheck verify(Environment environment, Credentials credentials);

    /** Registers the account's token; 400 naming {@code providerTokenIdentifier} when the provider has none such. */
    RegisteredToken registerToken(Access access, String providerTokenIdentifier, StablecoinNetwork network,
                                  String networkTokenIdentifier, Instant at);

    TokenProgress tokenStatus(Access access, String reference, Instant at);

    Submitted mint(Access access, Order order, Instant at);

    Submitted burn(Access access, Order order, Instant at);

    Progress status(Access access, String reference, Instant at);
}
