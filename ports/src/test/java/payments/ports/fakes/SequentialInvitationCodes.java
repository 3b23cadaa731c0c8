package payments.ports.fakes;

import payments.ports.driven.uma.InvitationCodes;

/** Codes {@code INVITE0001}, {@code INVITE0002}, ...: readable in test failures, and never repeated. */
public final class SequentialInvitationCodes implements InvitationCodes {
    private int next = 1;

    @Override
    public String newCode() {
        return String.format("INVITE%04d", next++);
    }
}
