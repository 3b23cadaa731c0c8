package payments.ports.platform;

import payments.core.platform.Caller;
import payments.core.platform.Platform;

/** A platform's own configuration: read (VIEW) and changed (MANAGE). */
public interface PlatformUseCases {
    Platform config(Caller caller);

    /** Applies the fields the update gives; a new webhook endpoint gets the reference's TEST event. */
    Platform updateConfig(Caller caller, ConfigUpdate command);
}
