package payments.ports.transfer;

import java.util.concurrent.CompletableFuture;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Transaction;
import payments.ports.batch.Answer;
import payments.ports.batch.Batching;
import payments.ports.batch.GroupCommit;
import payments.ports.batch.Keyed;
import payments.ports.batch.Request;
import payments.ports.batch.Sent;

/** {@link TransferUseCases}: transfer-ins one by one, transfer-outs by group commit ({@link TransferOuts}). */
public final class TransferService implements TransferUseCases {
    private final TransferIns ins;
    private final GroupCommit<Request<TransferOut, Transaction>, Answer<Transaction>> outs;

    public TransferService(TransferIns ins, TransferOuts outs, Batching batching) {
        this.ins = ins;
        this.outs = batching.groupCommit(outs, TransferOuts::lockKey);
    }

    @Override
    public Transaction transferIn(Caller caller, TransferIn command) {
        caller.require(Permission.TRANSACT);
        return ins.transferIn(caller, command);
    }

    @Override
    public CompletableFuture<Transaction> transferOut(Caller caller, TransferOut command) {
        caller.require(Permission.TRANSACT);
        return outs.submit(new Request<>(caller, command, null)).thenApply(Answer::value);
    }

    @Override
    public CompletableFuture<Sent> transferOut(Caller caller, TransferOut command, Keyed<Transaction> key) {
        caller.require(Permission.TRANSACT);
        return outs.submit(new Request<>(caller, command, key.canonical())).thenApply(Answer::sent);
    }
}
