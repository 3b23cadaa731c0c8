package payments.ports.health;

/**
 * What a supervisor or load balancer asks without credentials: whether this process can serve requests. It tells
 * nothing else (no versions, no error text), since anyone may ask.
 */
public interface HealthUseCases {
    /** True when the database answers, so that requests can be served. */
    boolean ready();
}
