package payments.core.platform;

import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of the sandbox's own tools (reference/sandbox.md). */
public final class SandboxSchemas {
    /** The most one advance of a sandbox clock may move it: a year. */
    public static final long MAX_ADVANCE_SECONDS = 366L * 24 * 3600;

    /** {@code POST /sandbox/clock/advance}. */
    public static final ObjectSchema CLOCK_ADVANCE = ObjectSchema.of()
            .required("seconds", Types.integer(1, MAX_ADVANCE_SECONDS));

    private SandboxSchemas() {
    }
}
