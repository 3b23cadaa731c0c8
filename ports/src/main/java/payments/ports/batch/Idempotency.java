package payments.ports.batch;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import payments.core.idempotency.StoredResponse;
import payments.core.platform.Caller;
import payments.core.platform.Permission;

/**
 * Runs a money-moving request at most once per {@code Idempotency-Key}: its response is kept in the same database
 * transaction as its effect, a repeat of the request gets the kept response, another request under the key 409.
 * (The group-committed use cases take their keys with their batch: {@link Keyed}.)
 */
public interface Idempotency {
    /**
     * @param requestHash identifies the request (method, path and canonical body)
     * @param effect      performs the request and renders its response; it joins the key's database transaction
     */
    Sent execute(Caller caller, String key, byte[] requestHash, Supplier<StoredResponse> effect);

    /**
     * {@link #execute} for a route that needs {@code permission} rather than TRANSACT (a configuration change whose
     * key the reference requires): a repeat is answered only to a caller the route would let in.
     */
    Sent execute(Caller caller, Permission permission, String key, byte[] requestHash,
                 Supplier<StoredResponse> effect);

    /**
     * {@link #execute} for a request that ends with a call out of the database (a webhook the platform may answer by
     * calling back about what the request recorded): {@code record}'s effect commits with its response, then
     * {@code finish} runs with no transaction open, and the response to its result replaces the kept one.
     */
    <T> Sent executeThen(Caller caller, String key, byte[] requestHash, Supplier<T> record, UnaryOperator<T> finish,
                         Function<T, StoredResponse> render);
}
