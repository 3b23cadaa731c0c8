package payments.ports.fakes;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;
import payments.ports.driven.uma.Invitations;

/**
 * Invitations keyed by code alone, as the table's unique index on the code makes them: a code is never used twice,
 * not even by two platforms. Reads and updates by platform see only that platform's invitations.
 */
public final class InMemoryInvitations implements Invitations {
    private final Map<String, Invitation> byCode = new LinkedHashMap<>();

    @Override
    public void insert(Invitation invitation) {
        if (byCode.putIfAbsent(invitation.code(), invitation) != null) {
            throw new Conflict("CONFLICT", "Invitation code " + invitation.code() + " is already in use");
        }
    }

    @Override
    public void update(Invitation invitation) {
        byCode.computeIfPresent(invitation.code(),
                (code, old) -> old.platformId().equals(invitation.platformId()) ? invitation : old);
    }

    @Override
    public Optional<PlatformId> ownerOf(String code) {
        return Optional.ofNullable(byCode.get(code)).map(Invitation::platformId);
    }

    @Override
    public Optional<Invitation> find(PlatformId platform, String code) {
        return Optional.ofNullable(byCode.get(code)).filter(i -> i.platformId().equals(platform));
    }

    /** Nothing runs concurrently in memory, so there is nothing to lock. */
    @Override
    public Optional<Invitation> findForUpdate(PlatformId platform, String code) {
        return find(platform, code);
    }
}
