package payments.ports.driven;

/** Whether the database answers now: a load balancer's readiness check asks it. */
public interface DatabaseHealth {
    /** True when a trivial query answers within the pool's wait for a connection; never throws. */
    boolean answers();
}
