package payments.ports.quote;

import java.util.Objects;
import java.util.UUID;

/**
 * Execute a quote; {@code walletSignature} is the {@code Service-Wallet-Signature} over its payload, required when an
 * embedded wallet funds it (null otherwise).
 */
public record ExecuteQuote(UUID quoteId, String walletSignature) {
    public ExecuteQuote {
        Objects.requireNonNull(quoteId, "quoteId");
    }
}
