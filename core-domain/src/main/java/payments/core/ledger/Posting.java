package payments.core.ledger;

/**
 * One line of a journal: {@code amountMinor} added to (positive) or taken from (negative) the account's balance.
 * Balances are what the ledger owes the account holder, so a customer's deposit is a positive posting to the
 * customer's account and a negative one to the rail account the money came through.
 */
public record Posting(AccountRef account, String currency, long amountMinor) {
    public Posting {
        if (account == null || currency == null) {
            throw new IllegalArgumentException("account and currency are required");
        }
        if (amountMinor == 0) {
            throw new IllegalArgumentException("a posting moves a non-zero amount");
        }
    }
}
