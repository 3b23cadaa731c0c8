package payments.ports.sandbox;

import payments.core.platform.SandboxSchemas;

/** Move a sandbox platform's clock {@code seconds} ahead. */
public record ClockAdvance(long seconds) {
    /** From the JSON body of {@code POST /sandbox/clock/advance}; 400 naming every invalid field. */
    public static ClockAdvance fromJson(Object body) {
        return new ClockAdvance(SandboxSchemas.CLOCK_ADVANCE.validate(body).number("seconds").orElseThrow());
    }
}
