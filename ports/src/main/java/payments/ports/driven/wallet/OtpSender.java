package payments.ports.driven.wallet;

import payments.core.wallet.AuthMethodType;

/** Delivers one-time codes by email or SMS (the sandbox delivers nothing: its code is always 000000). */
public interface OtpSender {
    void send(AuthMethodType channel, String destination, String code);
}
