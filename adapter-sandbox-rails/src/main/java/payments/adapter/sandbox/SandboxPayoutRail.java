package payments.adapter.sandbox;

import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.quote.PayoutRail;
import payments.ports.driven.transfer.PaymentRail;

/**
 * Quote payouts on the simulated rails (reference/sandbox.md). To an external account, by identifier suffix: 002
 * execution failed, 003 completes after about 6 minutes, 004 counterparty delivery failed, 005 completes then is
 * returned, 006 user cancellation, 007 payout and refund failed, anything else settles at once. To a sandbox UMA
 * receiver: {@code $success.*} settles, {@code $pending.long.usd} settles after a day, {@code $fail.compliance.usd}
 * is rejected for compliance and refunded.
 */
public final class SandboxPayoutRail implements PayoutRail {
    static final long SLOW_PAYOUT_SECONDS = 6 * 60;
    static final long RETURN_AFTER_SECONDS = 60;
    static final long LONG_PENDING_SECONDS = 24 * 3600;
    private static final String DELIVERY_FAILED = "COUNTERPARTY_POST_TX_FAILED";
    private final SandboxUmaNetwork uma;

    public SandboxPayoutRail(SandboxUmaNetwork uma) {
        this.uma = uma;
    }

    @Override
    public Outcome payToAccount(PaymentRail.Push push) {
        SandboxUmaNetwork.requireSandbox(push.environment());
        return switch (MagicSuffix.of(push.destination().primaryIdentifier())) {
            case "002" -> new Outcome(Kind.NOT_EXECUTED, 0, "QUOTE_EXECUTION_FAILED", null,
                    "Execution failed (sandbox 002)");
            case "003" -> Outcome.settled(SLOW_PAYOUT_SECONDS);
            case "004" -> new Outcome(Kind.FAILED_REFUNDED, 0, DELIVERY_FAILED, "TRANSACTION_FAILED",
                    "Counterparty delivery failed (sandbox 004)");
            case "005" -> new Outcome(Kind.SETTLED_THEN_RETURNED, RETURN_AFTER_SECONDS, "PAYOUT_RETURNED",
                    "TRANSACTION_FAILED", "Returned by the receiving bank (sandbox 005)");
            case "006" -> new Outcome(Kind.FAILED_REFUNDED, 0, DELIVERY_FAILED, "USER_CANCELLATION",
                    "Cancelled by the user (sandbox 006)");
            case "007" -> new Outcome(Kind.FAILED_REFUND_FAILED, 0, DELIVERY_FAILED, "TRANSACTION_FAILED",
                    "Payout failed and so did the refund (sandbox 007)");
            default -> Outcome.settled(0);
        };
    }

    @Override
    public Outcome payToUma(Environment environment, String umaAddress, Money amount) {
        return switch (uma.scenario(umaAddress).orElse("")) {
            case "success.usd", "success.eur", "success.mxn" -> Outcome.settled(0);
            case "pending.long.usd" -> Outcome.settled(LONG_PENDING_SECONDS);
            case "fail.compliance.usd" -> new Outcome(Kind.FAILED_REFUNDED, 0, "COMPLIANCE_REJECTED",
                    "TRANSACTION_FAILED", "The receiver's compliance check rejected the payment (sandbox)");
            default -> new Outcome(Kind.NOT_EXECUTED, 0, "QUOTE_EXECUTION_FAILED", null, "Unknown UMA receiver");
        };
    }
}
