package payments.core.quote;

/** PENDING until executed (or funded); PROCESSING while the payout runs; then COMPLETED, FAILED or EXPIRED. */
public enum QuoteStatus {
    PENDING, PROCESSING, COMPLETED, FAILED, EXPIRED
}
