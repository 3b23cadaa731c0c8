package payments.adapter.sandbox;

import payments.core.customer.ContactChannel;
import payments.core.error.NotImplemented;
import payments.core.platform.Environment;
import payments.ports.driven.customer.ContactCodeSender;

/**
 * Contact verification codes as the sandbox has them (reference/sandbox.md): always {@value #CODE}, and nothing
 * sent. Production platforms need an email and SMS provider, which the service does not have yet (501).
 */
public final class SandboxContactCodeSender implements ContactCodeSender {
    static final String CODE = "123456";

    @Override
    public String send(Environment environment, ContactChannel channel, String address) {
        if (environment != Environment.SANDBOX) {
            throw new NotImplemented("NOT_IMPLEMENTED", "No " + (channel == ContactChannel.EMAIL ? "email" : "SMS")
                    + " provider is configured to send verification codes");
        }
        return CODE;
    }
}
