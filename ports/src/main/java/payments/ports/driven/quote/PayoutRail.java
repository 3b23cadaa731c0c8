package payments.ports.driven.quote;

import payments.core.money.Money;
import payments.core.platform.Environment;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;

/** Pays out the receiving side of an executed quote, to an external account or a UMA address. */
public interface PayoutRail {
    /**
     * What the rail will do with the payout ({@code push}: the quote's transaction, its destination and receiving
     * amount). Asked before the quote's money is held, so it moves no money: a payout whose outcome
     * {@link Outcome#isAwaitingReport awaits the rail's report} is handed over by {@link #send} once it is funded.
     */
    Outcome payToAccount(PaymentRail.Push push);

    Outcome payToUma(Environment environment, String umaAddress, Money amount);

    /**
     * Hands over a funded payout that awaits the rail's report, inside the execution's transaction (a rail's records
     * join it); the report decides it through {@code QuotePayouts.decide}.
     */
    default void send(PaymentRail.Push push) {
        throw new IllegalStateException("this rail decides its payouts when asked; it takes none to report on");
    }

    /** How a payout goes. */
    enum Kind {
        /** Settles (after {@code afterSeconds}, 0 = at once; {@link RailOutcome#UNTIL_REPORTED}: when reported). */
        SETTLED,
        /** Refused before any money moved. */
        NOT_EXECUTED,
        /** Fails after the money moved; the sender is refunded. */
        FAILED_REFUNDED,
        /** Settles at once, then comes back after {@code afterSeconds}; the sender is refunded. */
        SETTLED_THEN_RETURNED,
        /** Fails after the money moved, and the refund fails too: the funds wait in a suspense account. */
        FAILED_REFUND_FAILED
    }

    /** {@code awaiting}: the payout to {@link #send} when the rail's report decides it, else null. */
    record Outcome(Kind kind, long afterSeconds, String failureReason, String refundReason, String detail,
                   PaymentRail.Push awaiting) {
        public Outcome(Kind kind, long afterSeconds, String failureReason, String refundReason, String detail) {
            this(kind, afterSeconds, failureReason, refundReason, detail, null);
        }

        public static Outcome settled(long afterSeconds) {
            return new Outcome(Kind.SETTLED, afterSeconds, null, null, null);
        }

        /** The rail takes the payout once it is sent, and its report decides it, however long that takes. */
        public static Outcome awaitingReport(PaymentRail.Push push) {
            return new Outcome(Kind.SETTLED, RailOutcome.UNTIL_REPORTED, null, null, null, push);
        }

        public boolean isAwaitingReport() {
            return awaiting != null;
        }
    }
}
