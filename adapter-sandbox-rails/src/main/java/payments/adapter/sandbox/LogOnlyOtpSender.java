package payments.adapter.sandbox;

import java.util.logging.Logger;
import payments.core.wallet.AuthMethodType;
import payments.ports.driven.wallet.OtpSender;

/**
 * No email or SMS provider is connected yet: production codes are not delivered, only the attempt is logged
 * (never the code). The sandbox does not send at all; its code is always 000000.
 */
public final class LogOnlyOtpSender implements OtpSender {
    private static final Logger LOG = Logger.getLogger(LogOnlyOtpSender.class.getName());

    @Override
    public void send(AuthMethodType channel, String destination, String code) {
        LOG.warning(() -> "No " + channel + " delivery provider is configured; a code for "
                + destination.replaceAll("(?<=.).(?=[^@]*?.@)|(?<=.{2}).(?=.{2})", "*") + " was not sent");
    }
}
