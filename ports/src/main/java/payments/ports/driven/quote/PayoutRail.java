package payments.ports.driven.quote;

import payments.core.account.ExternalAccount;
import payments.core.money.Money;
import payments.core.platform.Environment;

/** Pays out the receiving side of an executed quote, to an external account or a UMA address. */
public interface PayoutRail {
    Outcome payToAccount(Environment environment, ExternalAccount destination, Money amount);

    Outcome payToUma(Environment environment, String umaAddress, Money amount);

    /** How a payout goes. */
    enum Kind {
        /** Settles (after {@code afterSeconds}, 0 = at once). */
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

    record Outcome(Kind kind, long afterSeconds, String failureReason, String refundReason, String detail) {
        public static Outcome settled(long afterSeconds) {
            return new Outcome(Kind.SETTLED, afterSeconds, null, null, null);
        }
    }
}
