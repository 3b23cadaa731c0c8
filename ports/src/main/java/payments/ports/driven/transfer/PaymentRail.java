package payments.ports.driven.transfer;

import payments.core.account.ExternalAccount;
import payments.core.money.Money;
import payments.core.platform.Environment;

/**
 * The outside world that moves money to and from external accounts. It answers with an outcome: settled now,
 * failed now, or pending and decided after a delay.
 */
public interface PaymentRail {
    RailOutcome pushTo(Environment environment, ExternalAccount destination, Money amount);

    RailOutcome pullFrom(Environment environment, ExternalAccount source, Money amount);

    /**
     * {@code settled} and {@code failureReason} are the final word once {@code decidedAfterSeconds} have passed
     * (0: decided now). {@code failureDetail} says in words what went wrong.
     */
    record RailOutcome(boolean settled, String failureReason, String failureDetail, long decidedAfterSeconds) {
        public static RailOutcome settledNow() {
            return new RailOutcome(true, null, null, 0);
        }

        public static RailOutcome failed(String reason, String detail, long afterSeconds) {
            return new RailOutcome(false, reason, detail, afterSeconds);
        }

        public boolean isPending() {
            return decidedAfterSeconds > 0;
        }
    }
}
