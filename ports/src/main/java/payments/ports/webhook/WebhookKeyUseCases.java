package payments.ports.webhook;

import payments.core.platform.Caller;

/** A platform's webhook signing keys: its current public key (VIEW or MANAGE), and a rotation (MANAGE). */
public interface WebhookKeyUseCases {
    /** The current public key (PEM, SPKI), made on first use. */
    String publicKey(Caller caller);

    RotatedKeys rotate(Caller caller, KeyRotation command);
}
