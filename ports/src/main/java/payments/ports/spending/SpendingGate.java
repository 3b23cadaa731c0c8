package payments.ports.spending;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import payments.core.error.DomainError;
import payments.core.id.PlatformId;
import payments.core.transaction.Transaction;

/**
 * What payments made on a customer's behalf by an agent pass inside the payment's own database transaction, so
 * that a limit holds however many run at once and counts only what was committed: the agents' budgets are locked
 * and each payment admitted or refused before any money moves, and those then made are counted and recorded with
 * them. A payment that fails later gives its amount back ({@link #failed}).
 */
public interface SpendingGate {
    /** A gate that admits everything and records nothing: for an application without agents. */
    SpendingGate OPEN = new SpendingGate() {
        @Override
        public Admission admit(PlatformId platform, List<Spend> spends, Instant now) {
            return Admission.ALL;
        }

        @Override
        public void failed(PlatformId platform, List<Transaction> failed) {
        }
    };

    /** Locks the budgets the payments count against and decides each, in order. */
    Admission admit(PlatformId platform, List<Spend> spends, Instant now);

    /** Transactions that just failed: what those an agent made counted is given back to its budget. */
    void failed(PlatformId platform, List<Transaction> failed);

    /** The gate's decisions for one batch of payments. */
    interface Admission {
        Admission ALL = new Admission() {
            @Override
            public DomainError refusal(Spend spend) {
                return null;
            }

            @Override
            public void made(Map<Spend, Transaction> made) {
            }
        };

        /** Why the payment may not be made (a 401, 403 or 404), or null when it may. */
        DomainError refusal(Spend spend);

        /** The admitted payments that were made, with their transactions: counted and recorded. */
        void made(Map<Spend, Transaction> made);
    }
}
