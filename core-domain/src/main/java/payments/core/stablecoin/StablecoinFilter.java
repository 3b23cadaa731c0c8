package payments.core.stablecoin;

/** {@code GET /stablecoins}: each given status narrows the list. */
public record StablecoinFilter(IssuanceStatus issuanceStatus, ServiceOperationsStatus serviceOperationsStatus) {
}
