package payments.adapter.bank;

import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.bankrail.BankIds;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.id.PlatformId;
import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.driven.transfer.PaymentRail;

/**
 * Transfers-out of a platform's currency that the operator sends through the platform's bank: the credit transfer is
 * queued (in the caller's transaction) for the currency's next cut-off, which writes the queued ones in one
 * {@code pain.001} file, and the payment waits for the bank's reports. Every other currency, and every pull (the bank
 * rail does not debit external accounts), goes to the {@code otherwise} rail.
 */
public final class BankPaymentRail implements PaymentRail {
    private final BankRails rails;
    private final PaymentRail otherwise;

    public BankPaymentRail(BankRails rails, PaymentRail otherwise) {
        this.rails = rails;
        this.otherwise = otherwise;
    }

    @Override
    public RailOutcome pushTo(Push push) {
        String currency = push.amount().currency().code();
        if (rails.rail(push.platform(), currency).isEmpty()) {
            return otherwise.pushTo(push);
        }
        Creditor creditor;
        try {
            creditor = Creditors.of(push.destination(), currency);
        } catch (Creditors.Unpayable e) {
            return RailOutcome.failed("ACCOUNT_INVALID", e.getMessage(), 0);
        }
        rails.queue(creditTransfer(push, creditor));
        return RailOutcome.awaitingReport();
    }

    /** The credit transfer that pays {@code push}: named in the bank's reports by its transaction's id. */
    static CreditTransfer creditTransfer(Push push, Creditor creditor) {
        return new CreditTransfer(push.platform(), push.transactionId(), push.amount().currency().code(),
                push.amount().amountMinor(), BankIds.endToEndId(push.transactionId()), push.reference(), creditor,
                push.now());
    }

    /** A transfer still queued for its cut-off leaves the queue; one in a file is the bank's to decide. */
    @Override
    public boolean withdraw(PlatformId platform, UUID transactionId) {
        return rails.withdraw(platform, transactionId) || otherwise.withdraw(platform, transactionId);
    }

    @Override
    public RailOutcome pullFrom(Environment environment, ExternalAccount source, Money amount) {
        return otherwise.pullFrom(environment, source, amount);
    }
}
