package payments.ports.bankrail;

import payments.core.id.PlatformId;

/**
 * The operator's command that sends a platform's currency through its bank: the debtor account (its holder's name,
 * an IBAN, or an account number with its ABA routing number, the bank's BIC) and how often the queued credit
 * transfers leave in a file.
 */
public record EnableBankRail(PlatformId platform, String currency, String debtorName, String iban,
                             String accountNumber, String routingNumber, String bic, long cutOffSeconds) {
}
