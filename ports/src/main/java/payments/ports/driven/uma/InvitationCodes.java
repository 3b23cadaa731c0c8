package payments.ports.driven.uma;

/**
 * Makes invitation codes: opaque, unguessable (they are the only secret of a claim link) and made only of
 * letters and digits, at most 64 of them.
 */
public interface InvitationCodes {
    String newCode();
}
