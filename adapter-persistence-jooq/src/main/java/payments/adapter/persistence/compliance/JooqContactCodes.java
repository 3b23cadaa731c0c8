package payments.adapter.persistence.compliance;

import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CONTACT_CODES;

import java.util.Optional;
import org.jooq.Condition;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.schema.tables.records.ContactCodesRecord;
import payments.core.customer.ContactChannel;
import payments.core.customer.ContactCode;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.ports.driven.customer.ContactCodes;

public final class JooqContactCodes implements ContactCodes {
    private final Db db;

    public JooqContactCodes(Db db) {
        this.db = db;
    }

    @Override
    public Optional<ContactCode> find(PlatformId platform, CustomerId customer, ContactChannel channel) {
        return db.ctx().selectFrom(CONTACT_CODES).where(key(platform, customer, channel)).fetchOptional()
                .map(JooqContactCodes::toCode);
    }

    @Override
    public void save(ContactCode code) {
        var values = record(code).values();
        db.ctx().insertInto(CONTACT_CODES).set(values)
                .onConflict(CONTACT_CODES.PLATFORM_ID, CONTACT_CODES.CUSTOMER_ID, CONTACT_CODES.CHANNEL)
                .doUpdate().set(values).execute();
    }

    @Override
    public void delete(PlatformId platform, CustomerId customer, ContactChannel channel) {
        db.ctx().deleteFrom(CONTACT_CODES).where(key(platform, customer, channel)).execute();
    }

    private static Condition key(PlatformId platform, CustomerId customer, ContactChannel channel) {
        return CONTACT_CODES.PLATFORM_ID.eq(platform.value()).and(CONTACT_CODES.CUSTOMER_ID.eq(customer.value()))
                .and(CONTACT_CODES.CHANNEL.eq(channel.name()));
    }

    private static Row<ContactCodesRecord> record(ContactCode c) {
        Row<ContactCodesRecord> r = Row.of(CONTACT_CODES);
        r.set(CONTACT_CODES.PLATFORM_ID, c.platformId().value());
        r.set(CONTACT_CODES.CUSTOMER_ID, c.customerId().value());
        r.set(CONTACT_CODES.CHANNEL, c.channel().name());
        r.set(CONTACT_CODES.ADDRESS, c.address());
        r.set(CONTACT_CODES.CODE_HASH, c.codeHash());
        r.set(CONTACT_CODES.EXPIRES_AT, utc(c.expiresAt()));
        r.set(CONTACT_CODES.FAILED_ATTEMPTS, c.failedAttempts());
        r.set(CONTACT_CODES.SENDS, c.sends());
        r.set(CONTACT_CODES.WINDOW_STARTED_AT, utc(c.windowStartedAt()));
        return r;
    }

    private static ContactCode toCode(ContactCodesRecord r) {
        return new ContactCode(new PlatformId(r.getPlatformId()), new CustomerId(r.getCustomerId()),
                ContactChannel.valueOf(r.getChannel()), r.getAddress(), r.getCodeHash(),
                r.getExpiresAt().toInstant(), r.getFailedAttempts(), r.getSends(),
                r.getWindowStartedAt().toInstant());
    }
}
