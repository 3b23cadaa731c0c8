package payments.adapter.sandbox;

import payments.core.account.ExternalAccount;
import payments.core.error.NotImplemented;
import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.transfer.PaymentRail;

/**
 * Transfers on the simulated rails (reference/sandbox.md), by the external account identifier's suffix: 002
 * insufficient funds, 003 account closed or invalid, 004 bank rejects (all fail at once), 005 pending about 30
 * seconds then fails, anything else settles at once. Production platforms have no rail here: a
 * currency the operator sends through its bank goes to the bank rail instead (501 otherwise).
 */
public final class SandboxPaymentRail implements PaymentRail {
    static final long PENDING_SECONDS = 30;

    @Override
    public RailOutcome pushTo(Push push) {
        return outcome(push.environment(), push.destination(), "COUNTERPARTY_POST_TX_FAILED", "ACCOUNT_INVALID");
    }

    @Override
    public RailOutcome pullFrom(Environment environment, ExternalAccount source, Money amount) {
        return outcome(environment, source, "COLLECTION_FAILED", "COLLECTION_FAILED");
    }

    private static RailOutcome outcome(Environment environment, ExternalAccount account, String failed,
                                       String invalid) {
        if (environment != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No payment rail is connected for production platforms yet");
        }
        return switch (MagicSuffix.of(account.primaryIdentifier())) {
            case "002" -> RailOutcome.failed(failed, "Insufficient funds (sandbox 002)", 0);
            case "003" -> RailOutcome.failed(invalid, "Account closed or invalid (sandbox 003)", 0);
            case "004" -> RailOutcome.failed(failed, "The bank rejected the transfer (sandbox 004)", 0);
            case "005" -> RailOutcome.failed(failed, "Failed after pending (sandbox 005)", PENDING_SECONDS);
            default -> RailOutcome.settledNow();
        };
    }
}
