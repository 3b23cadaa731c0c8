package payments.ports.webhook;

import payments.core.platform.Caller;

/**
 * A platform's webhook signing keys: its current public key (VIEW or MANAGE), its Standard Webhooks secrets and a
 * rotation (MANAGE: a secret lets its holder sign as the service, so it is not a reader's).
 */
public interface WebhookKeyUseCases {
    /** The current public key (PEM, SPKI), made on first use. */
    String publicKey(Caller caller);

    /** The secrets valid now, in the shape of a rotation's answer (the public keys beside them). */
    RotatedKeys secrets(Caller caller);

    RotatedKeys rotate(Caller caller, KeyRotation command);
}
