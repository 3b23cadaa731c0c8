package payments.core.transaction;

/**
 * A source or destination of a transaction: an account (internal or external id), a UMA address, or real-time
 * funding. Exactly the fields of its kind are set.
 */
public record TransactionParty(String kind, String accountId, String umaAddress, String currency) {
    public static final String ACCOUNT = "ACCOUNT";
    public static final String UMA_ADDRESS = "UMA_ADDRESS";
    public static final String REALTIME_FUNDING = "REALTIME_FUNDING";

    public static TransactionParty account(String accountId, String currency) {
        return new TransactionParty(ACCOUNT, accountId, null, currency);
    }
}
