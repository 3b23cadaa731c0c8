package payments.core.platform;

/** A sandbox platform runs on simulated rails with magic values; a production platform never does. */
public enum Environment {
    SANDBOX, PRODUCTION
}
