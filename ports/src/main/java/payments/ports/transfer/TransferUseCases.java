package payments.ports.transfer;

import java.util.concurrent.CompletableFuture;
import payments.core.platform.Caller;
import payments.core.transaction.Transaction;
import payments.ports.batch.Keyed;
import payments.ports.batch.Sent;

/** Same-currency transfers between a platform's internal accounts and the external accounts of the same owner. */
public interface TransferUseCases {
    /** Pulls money from an external account into an internal one (TRANSACT). */
    Transaction transferIn(Caller caller, TransferIn command);

    /**
     * Pays from an internal account to an external one (TRANSACT), in the next group commit: the result completes
     * once its batch committed, exceptionally with its refusal.
     */
    CompletableFuture<Transaction> transferOut(Caller caller, TransferOut command);

    /** {@link #transferOut(Caller, TransferOut)} under an Idempotency-Key: a repeat gets the kept response. */
    CompletableFuture<Sent> transferOut(Caller caller, TransferOut command, Keyed<Transaction> key);
}
