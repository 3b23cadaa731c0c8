package payments.ports.driven.transfer;

import java.time.Instant;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.id.PlatformId;
import payments.core.money.Money;
import payments.core.platform.Environment;

/**
 * The outside world that moves money to and from external accounts. It answers with an outcome: settled now,
 * failed now, pending and decided after a delay, or sent and decided when the rail reports back.
 */
public interface PaymentRail {
    /** Sends a transfer-out's money; called inside the transaction that holds it, which a rail's records join. */
    RailOutcome pushTo(Push push);

    RailOutcome pullFrom(Environment environment, ExternalAccount source, Money amount);

    /**
     * Takes back a transfer-out it has not sent on yet (a cancel), in the caller's transaction: true when it will
     * never pay it, false when it may have (then its outcome, still to come, decides). A rail that decides when
     * asked has nothing to take back.
     */
    default boolean withdraw(PlatformId platform, UUID transactionId) {
        return false;
    }

    /** A transfer-out to send: its platform, its transaction and human reference, where it goes and how much. */
    record Push(PlatformId platform, Environment environment, UUID transactionId, String reference,
                ExternalAccount destination, Money amount, Instant now) {
    }

    /**
     * {@code settled} and {@code failureReason} are the final word once {@code decidedAfterSeconds} have passed
     * (0: decided now; {@link #UNTIL_REPORTED}: when the rail reports, through {@code TransferOutcomes.decide}).
     * {@code failureDetail} says in words what went wrong.
     */
    record RailOutcome(boolean settled, String failureReason, String failureDetail, long decidedAfterSeconds) {
        public static final long UNTIL_REPORTED = -1;

        public static RailOutcome settledNow() {
            return new RailOutcome(true, null, null, 0);
        }

        public static RailOutcome failed(String reason, String detail, long afterSeconds) {
            return new RailOutcome(false, reason, detail, afterSeconds);
        }

        /** Sent; the rail's report decides it later, however long that takes. */
        public static RailOutcome awaitingReport() {
            return new RailOutcome(false, null, null, UNTIL_REPORTED);
        }

        public boolean isPending() {
            return decidedAfterSeconds > 0;
        }

        public boolean isAwaitingReport() {
            return decidedAfterSeconds == UNTIL_REPORTED;
        }
    }
}
