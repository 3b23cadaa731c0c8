package payments.adapter.persistence.store;

import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.INVITATIONS;

import java.util.Optional;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import payments.adapter.persistence.schema.tables.records.InvitationsRecord;
import payments.core.error.Conflict;
import payments.core.id.PlatformId;
import payments.core.invitation.Invitation;
import payments.core.invitation.InvitationStatus;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.ports.driven.uma.Invitations;

public final class JooqInvitations implements Invitations {
    private final Db db;

    public JooqInvitations(Db db) {
        this.db = db;
    }

    @Override
    public void insert(Invitation invitation) {
        try {
            db.ctx().insertInto(INVITATIONS).set(record(invitation).values()).execute();
        } catch (DataAccessException e) {
            // A clash of two random 100-bit codes: refused rather than overwritten.
            UniqueViolation.constraintOf(e).orElseThrow(() -> e);
            throw new Conflict("CONFLICT", "Invitation code " + invitation.code() + " is already in use");
        }
    }

    @Override
    public void update(Invitation invitation) {
        db.ctx().update(INVITATIONS).set(record(invitation).values())
                .where(byCode(invitation.platformId(), invitation.code())).execute();
    }

    /** The one query without a platform filter (see the port): it only resolves a code to its platform. */
    @Override
    public Optional<PlatformId> ownerOf(String code) {
        return db.ctx().select(INVITATIONS.PLATFORM_ID).from(INVITATIONS).where(INVITATIONS.CODE.eq(code))
                .fetchOptional(INVITATIONS.PLATFORM_ID).map(PlatformId::new);
    }

    @Override
    public Optional<Invitation> find(PlatformId platform, String code) {
        return db.ctx().selectFrom(INVITATIONS).where(byCode(platform, code)).fetchOptional()
                .map(JooqInvitations::toInvitation);
    }

    @Override
    public Optional<Invitation> findForUpdate(PlatformId platform, String code) {
        return db.ctx().selectFrom(INVITATIONS).where(byCode(platform, code)).forUpdate().fetchOptional()
                .map(JooqInvitations::toInvitation);
    }

    private static Condition byCode(PlatformId platform, String code) {
        return INVITATIONS.PLATFORM_ID.eq(platform.value()).and(INVITATIONS.CODE.eq(code));
    }

    private static Row<InvitationsRecord> record(Invitation i) {
        Row<InvitationsRecord> r = Row.of(INVITATIONS);
        r.set(INVITATIONS.PLATFORM_ID, i.platformId().value());
        r.set(INVITATIONS.CODE, i.code());
        r.set(INVITATIONS.INVITER_UMA, i.inviterUma());
        r.set(INVITATIONS.INVITEE_UMA, i.inviteeUma());
        r.set(INVITATIONS.FIRST_NAME, i.firstName());
        r.set(INVITATIONS.AMOUNT_TO_SEND_MINOR, i.amountToSend() == null ? null : i.amountToSend().amountMinor());
        r.set(INVITATIONS.CURRENCY, i.amountToSend() == null ? null : i.amountToSend().currency().code());
        r.set(INVITATIONS.STATUS, i.status().name());
        r.set(INVITATIONS.EXPIRES_AT, utc(i.expiresAt()));
        r.set(INVITATIONS.CLAIMED_AT, utc(i.claimedAt()));
        r.set(INVITATIONS.CANCELLED_AT, utc(i.cancelledAt()));
        r.set(INVITATIONS.CREATED_AT, utc(i.createdAt()));
        r.set(INVITATIONS.UPDATED_AT, utc(i.updatedAt()));
        return r;
    }

    private static Invitation toInvitation(InvitationsRecord r) {
        Money amount = r.getAmountToSendMinor() == null ? null
                : new Money(r.getAmountToSendMinor(), Currencies.of(r.getCurrency()));
        return new Invitation(r.getCode(), new PlatformId(r.getPlatformId()), r.getInviterUma(), r.getInviteeUma(),
                r.getFirstName(), amount, InvitationStatus.valueOf(r.getStatus()), instant(r.getExpiresAt()),
                instant(r.getClaimedAt()), instant(r.getCancelledAt()), r.getCreatedAt().toInstant(),
                r.getUpdatedAt().toInstant());
    }
}
