package payments.ports.sandbox;

import payments.core.platform.Caller;

/**
 * The sandbox's time machine: a sandbox platform's clock moves forward and whatever became due runs at once (jobs
 * and quote expiries, then webhook deliveries and retries), so a "30 seconds later" outcome shows at once.
 */
public interface SandboxClockUseCases {
    /** TRANSACT: the jobs an advance makes due move money (payouts settle, transfers fail, quotes expire). */
    ClockState advance(Caller caller, ClockAdvance command);

    /** VIEW. */
    ClockState current(Caller caller);
}
