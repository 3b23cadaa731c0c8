package payments.core.invitation;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.PlatformId;
import payments.core.money.Money;

/**
 * A UMA invitation: a customer of {@code platformId} (the inviter) invites someone to UMA with an opaque
 * {@code code}; the invitee's platform, which may be another one, claims it. Immutable; {@link #claimed} and
 * {@link #cancelled} are the only moves (PENDING → CLAIMED | CANCELLED), and both are refused once the invitation
 * is claimed, cancelled or expired. {@code amountToSend} is display only.
 */
public record Invitation(String code, PlatformId platformId, String inviterUma, String inviteeUma, String firstName,
                         Money amountToSend, InvitationStatus status, Instant expiresAt, Instant claimedAt,
                         Instant cancelledAt, Instant createdAt, Instant updatedAt) {
    /** What any code the service hands out looks like; anything else cannot name an invitation. */
    private static final Pattern CODE = Pattern.compile("^[A-Za-z0-9]{1,64}$");

    public Invitation {
        if (!looksLikeCode(code)) {
            throw new IllegalArgumentException("malformed invitation code");
        }
        if (status == InvitationStatus.EXPIRED) {
            throw new IllegalArgumentException("EXPIRED is derived from expiresAt, never stored");
        }
        if ((status == InvitationStatus.CLAIMED) != (claimedAt != null && inviteeUma != null)) {
            throw new IllegalArgumentException("claimedAt and inviteeUma are set exactly when CLAIMED");
        }
        if ((status == InvitationStatus.CANCELLED) != (cancelledAt != null)) {
            throw new IllegalArgumentException("cancelledAt is set exactly when CANCELLED");
        }
    }

    /**
     * A new PENDING invitation; an expiry must lie after {@code now}, or the invitation could never be claimed. The
     * expiry is kept to the microsecond, like every stored time, so the created invitation equals its reads.
     */
    public static Invitation create(String code, PlatformId platformId, String inviterUma, String firstName,
                                    Money amountToSend, Instant expiresAt, Instant now) {
        Instant expiry = expiresAt == null ? null : expiresAt.truncatedTo(ChronoUnit.MICROS);
        if (expiry != null && !expiry.isAfter(now)) {
            throw InvalidFields.of("expiresAt", "must be in the future");
        }
        return new Invitation(code, platformId, inviterUma, null, firstName, amountToSend, InvitationStatus.PENDING,
                expiry, null, null, now, now);
    }

    public static boolean looksLikeCode(String text) {
        return text != null && CODE.matcher(text).matches();
    }

    /** The claim link shown to the invitee, on the inviting platform's UMA domain. */
    public String url(String umaDomain) {
        return "https://" + umaDomain + "/invite/" + code;
    }

    /** The status as of {@code now}: a PENDING invitation whose expiry has come reads as EXPIRED. */
    public InvitationStatus statusAt(Instant now) {
        boolean expired = expiresAt != null && !now.isBefore(expiresAt);
        return status == InvitationStatus.PENDING && expired ? InvitationStatus.EXPIRED : status;
    }

    public Invitation claimed(String invitee, Instant now) {
        requirePending(now);
        return new Invitation(code, platformId, inviterUma, invitee, firstName, amountToSend,
                InvitationStatus.CLAIMED, expiresAt, now, null, createdAt, now);
    }

    public Invitation cancelled(Instant now) {
        requirePending(now);
        return new Invitation(code, platformId, inviterUma, null, firstName, amountToSend,
                InvitationStatus.CANCELLED, expiresAt, null, now, createdAt, now);
    }

    /** Each closed state has its own spec code; an expired invitation is {@code EXPIRED} (see docs/DECISIONS.md). */
    private void requirePending(Instant now) {
        switch (statusAt(now)) {
            case PENDING -> {
            }
            case CLAIMED -> throw new InvalidInput("INVITATION_ALREADY_CLAIMED",
                    "Invitation " + code + " was already claimed");
            case CANCELLED -> throw new InvalidInput("INVITATION_CANCELLED", "Invitation " + code + " was cancelled");
            case EXPIRED -> throw new InvalidInput("EXPIRED", "Invitation " + code + " expired at " + expiresAt);
        }
    }
}
