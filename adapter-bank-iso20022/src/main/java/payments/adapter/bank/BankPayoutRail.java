package payments.adapter.bank;

import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.transfer.PaymentRail;

/**
 * Quote payouts to an external account in a currency the operator sends through the platform's bank: the payout
 * awaits the bank's reports, and once the quote is funded its credit transfer is queued for the next cut-off, as a
 * transfer-out's is ({@link BankPaymentRail}). A destination the bank cannot pay is refused before any money moves.
 * Every other payout goes to the {@code otherwise} rail.
 */
public final class BankPayoutRail implements PayoutRail {
    private final BankRails rails;
    private final PayoutRail otherwise;

    public BankPayoutRail(BankRails rails, PayoutRail otherwise) {
        this.rails = rails;
        this.otherwise = otherwise;
    }

    @Override
    public Outcome payToAccount(PaymentRail.Push push) {
        String currency = push.amount().currency().code();
        if (rails.rail(push.platform(), currency).isEmpty()) {
            return otherwise.payToAccount(push);
        }
        try {
            Creditors.of(push.destination(), currency);
        } catch (Creditors.Unpayable e) {
            return new Outcome(Kind.NOT_EXECUTED, 0, "QUOTE_EXECUTION_FAILED", null, e.getMessage());
        }
        return Outcome.awaitingReport(push);
    }

    @Override
    public void send(PaymentRail.Push push) {
        try {
            rails.queue(BankPaymentRail.creditTransfer(push, Creditors.of(push.destination(),
                    push.amount().currency().code())));
        } catch (Creditors.Unpayable e) {
            throw new IllegalStateException("a payout checked when the quote executed is now unpayable", e);
        }
    }

    @Override
    public Outcome payToUma(Environment environment, String umaAddress, Money amount) {
        return otherwise.payToUma(environment, umaAddress, amount);
    }
}
