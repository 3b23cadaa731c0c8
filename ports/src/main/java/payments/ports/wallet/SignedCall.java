package payments.ports.wallet;

/**
 * A call to a wallet action as its signed retry binds it: method, path below the version prefix and raw body, with
 * the {@code Service-Wallet-Signature} and {@code Request-Id} headers (both null on the first leg).
 */
public record SignedCall(String method, String path, byte[] body, String signature, String requestId) {
}
