package payments.core.bankrail;

/**
 * The platform's own account at its bank, which the bank debits for its credit transfers and credits with the
 * deposits it notifies: the holder's name, an IBAN or (outside IBAN countries) an account number with, in the US,
 * its bank's ABA routing number, and the bank's BIC.
 */
public record DebtorAccount(String name, String iban, String accountNumber, String routingNumber, String bic) {

    /** An account without a routing number (an IBAN's, or a test's). */
    public DebtorAccount(String name, String iban, String accountNumber, String bic) {
        this(name, iban, accountNumber, null, bic);
    }

    /** The account's identifier: its IBAN, or its account number. */
    public String identifier() {
        return iban != null ? iban : accountNumber;
    }

    /** The identifier as logs and {@code GET /config} show it: its last four characters. */
    public String masked() {
        return Masking.lastFour(identifier());
    }
}
