package payments.core.bankrail;

/**
 * Whom a credit transfer pays, as its file names them: the beneficiary's name, the account (an IBAN, or an account
 * number with its US routing number) and the bank's BIC when known.
 */
public record Creditor(String name, String iban, String accountNumber, String routingNumber, String bic) {

    public String identifier() {
        return iban != null ? iban : accountNumber;
    }
}
