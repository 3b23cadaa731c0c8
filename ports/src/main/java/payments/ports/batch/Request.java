package payments.ports.batch;

import payments.core.idempotency.StoredResponse;
import payments.core.platform.Caller;
import payments.ports.batch.GroupCommit.Outcome;

/**
 * One request of a group-committed use case: who asks, what, under which Idempotency-Key (null: none), and what its
 * batch decided. The use case's {@link KeyedBatch.Step} decides each open request: {@link #refuse},
 * {@link #leaveAlone} or {@link #made}.
 *
 * @param <C> the command
 * @param <T> what a request that is made answers
 */
public final class Request<C, T> {
    private final Caller caller;
    private final C command;
    private final Keyed<T> key;
    private Outcome<Answer<T>> outcome;
    private T made;

    public Request(Caller caller, C command, Keyed<T> key) {
        this.caller = caller;
        this.command = command;
        this.key = key;
    }

    public Caller caller() {
        return caller;
    }

    public C command() {
        return command;
    }

    /** Refused with this error; its batch writes nothing for it. */
    public void refuse(RuntimeException error) {
        decide(Outcome.refused(error));
    }

    /** Its batch cannot decide it (a batch of many only): it runs again by itself. */
    public void leaveAlone() {
        decide(Outcome.alone());
    }

    /** Made: {@code result} answers it, and under a key its rendering is kept with the batch. */
    public void made(T result) {
        if (!isOpen()) {
            throw new IllegalStateException("a request is decided once");
        }
        made = result;
    }

    /** Undecided again: a batch that failed, or left it alone, decided nothing that stands. */
    void reopen() {
        outcome = null;
        made = null;
    }

    boolean isOpen() {
        return outcome == null && made == null;
    }

    Keyed<T> key() {
        return key;
    }

    /** A repeat of an earlier request under the same key: that request's response. */
    void replayed(StoredResponse response) {
        decide(Outcome.done(new Answer<>(null, new Sent(response, true))));
    }

    /** The response to keep under its key, if it has one and was made; it is then answered with it. */
    StoredResponse answer() {
        if (made == null) {
            return null;
        }
        StoredResponse response = key == null ? null : key.render().apply(made).answering(key.requestHash());
        outcome = Outcome.done(new Answer<>(made, response == null ? null : new Sent(response, false)));
        return response;
    }

    Outcome<Answer<T>> outcome() {
        if (outcome == null) {
            throw new IllegalStateException("a batch left a request undecided");
        }
        return outcome;
    }

    private void decide(Outcome<Answer<T>> decided) {
        if (!isOpen()) {
            throw new IllegalStateException("a request is decided once");
        }
        outcome = decided;
    }
}
