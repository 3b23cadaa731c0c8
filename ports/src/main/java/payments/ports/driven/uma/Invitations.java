package payments.ports.driven.uma;

import java.util.Optional;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;

/**
 * UMA invitation records. Codes are unique across platforms; inserting a code in use raises
 * {@link payments.core.error.Conflict}.
 */
public interface Invitations {
    void insert(Invitation invitation);

    void update(Invitation invitation);

    /**
     * The platform that created the invitation with this code: the one lookup without a platform. The invitee's
     * platform, which may be another one, names an invitation by its code alone; like authentication resolving a
     * token id, this resolves the code to its platform, and every other read and write filters by that platform.
     */
    Optional<PlatformId> ownerOf(String code);

    Optional<Invitation> find(PlatformId platform, String code);

    /** Locks the row for the rest of the database transaction, so a claim and a cancel apply one after another. */
    Optional<Invitation> findForUpdate(PlatformId platform, String code);
}
