package payments.adapter.persistence.store;

import payments.adapter.persistence.UniqueViolation;
import payments.adapter.persistence.JsonColumns;
import payments.adapter.persistence.Row;
import payments.adapter.persistence.Keyset;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.Statement;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.CUSTOMERS;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jooq.Condition;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import payments.adapter.persistence.schema.tables.records.CustomersRecord;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerType;
import payments.core.customer.VerifiedContacts;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.ports.driven.customer.Customers;

public final class JooqCustomers implements Customers {
    private static final Statement FIND = Statement.byKey(CUSTOMERS, CUSTOMERS.PLATFORM_ID, CUSTOMERS.ID);
    private static final Statement FIND_FOR_UPDATE = Statement.byKeyForNoKeyUpdate(CUSTOMERS, CUSTOMERS.PLATFORM_ID,
            CUSTOMERS.ID);
    private static final Statement FIND_ALL = Statement.byKeys(CUSTOMERS, CUSTOMERS.PLATFORM_ID, CUSTOMERS.ID);
    private final Db db;

    public JooqCustomers(Db db) {
        this.db = db;
    }

    @Override
    public java.util.Set<String> takenPlatformCustomerIds(PlatformId platform,
                                                          java.util.Collection<String> ids) {
        return java.util.Set.copyOf(db.ctx().select(CUSTOMERS.PLATFORM_CUSTOMER_ID).from(CUSTOMERS)
                .where(CUSTOMERS.PLATFORM_ID.eq(platform.value()).and(CUSTOMERS.DELETED_AT.isNull())
                        .and(CUSTOMERS.PLATFORM_CUSTOMER_ID.in(ids)))
                .fetch(CUSTOMERS.PLATFORM_CUSTOMER_ID));
    }

    @Override
    public java.util.Set<String> takenUmaAddresses(PlatformId platform, java.util.Collection<String> addresses) {
        return java.util.Set.copyOf(db.ctx().select(CUSTOMERS.UMA_ADDRESS).from(CUSTOMERS)
                .where(CUSTOMERS.PLATFORM_ID.eq(platform.value()).and(CUSTOMERS.DELETED_AT.isNull())
                        .and(CUSTOMERS.UMA_ADDRESS.in(addresses)))
                .fetch(CUSTOMERS.UMA_ADDRESS));
    }

    @Override
    public void insert(Customer c) {
        write(() -> db.ctx().insertInto(CUSTOMERS).set(record(c).values()).execute());
    }

    @Override
    public void update(Customer c) {
        write(() -> db.ctx().update(CUSTOMERS).set(record(c).values())
                .where(CUSTOMERS.PLATFORM_ID.eq(c.platformId().value()).and(CUSTOMERS.ID.eq(c.id().value())))
                .execute());
    }

    private static void write(Runnable statement) {
        try {
            statement.run();
        } catch (DataAccessException e) {
            String constraint = UniqueViolation.constraintOf(e).orElseThrow(() -> e);
            if (constraint.equals("customers_active_uma_address")) {
                throw new Conflict("UMA_ADDRESS_EXISTS", "The UMA address is already taken");
            }
            if (constraint.equals("customers_active_platform_customer_id")) {
                throw new Conflict("CONFLICT", "An active customer already has this platformCustomerId");
            }
            throw e;
        }
    }

    @Override
    public Optional<Customer> find(PlatformId platform, CustomerId id) {
        return FIND.fetchOptional(db, platform.value(), id.value()).map(r -> toCustomer(r.into(CUSTOMERS)));
    }

    @Override
    public Optional<Customer> findForUpdate(PlatformId platform, CustomerId id) {
        return FIND_FOR_UPDATE.fetchOptional(db, platform.value(), id.value()).map(r -> toCustomer(r.into(CUSTOMERS)));
    }

    @Override
    public Map<CustomerId, Customer> findAll(PlatformId platform, Collection<CustomerId> ids) {
        return FIND_ALL.fetchAll(db, CUSTOMERS.ID, ids, CustomerId::value, r -> toCustomer(r.into(CUSTOMERS)),
                platform.value());
    }

    @Override
    public Page<Customer> list(PlatformId platform, CustomerFilter f, PageRequest page) {
        Condition c = CUSTOMERS.PLATFORM_ID.eq(platform.value());
        if (!f.includeDeleted()) {
            c = c.and(CUSTOMERS.DELETED_AT.isNull());
        }
        if (f.platformCustomerId() != null) {
            c = c.and(CUSTOMERS.PLATFORM_CUSTOMER_ID.eq(f.platformCustomerId()));
        }
        if (f.type() != null) {
            c = c.and(CUSTOMERS.CUSTOMER_TYPE.eq(f.type().name()));
        }
        if (f.createdAfter() != null) {
            c = c.and(CUSTOMERS.CREATED_AT.ge(utc(f.createdAfter())));
        }
        if (f.createdBefore() != null) {
            c = c.and(CUSTOMERS.CREATED_AT.le(utc(f.createdBefore())));
        }
        if (f.updatedAfter() != null) {
            c = c.and(CUSTOMERS.UPDATED_AT.ge(utc(f.updatedAfter())));
        }
        if (f.updatedBefore() != null) {
            c = c.and(CUSTOMERS.UPDATED_AT.le(utc(f.updatedBefore())));
        }
        if (f.region() != null) {
            c = c.and(CUSTOMERS.REGION.eq(f.region()));
        }
        if (f.currency() != null) {
            c = c.and(DSL.inline(",").concat(CUSTOMERS.CURRENCIES).concat(",").contains("," + f.currency() + ","));
        }
        if (f.umaAddress() != null) {
            c = c.and(CUSTOMERS.UMA_ADDRESS.eq(f.umaAddress()));
        }
        return Keyset.page(db.ctx(), CUSTOMERS, CUSTOMERS.fields(), CUSTOMERS.CREATED_AT, CUSTOMERS.ID, c, page,
                r -> toCustomer(r.into(CUSTOMERS)));
    }

    private static Row<CustomersRecord> record(Customer c) {
        Row<CustomersRecord> r = Row.of(CUSTOMERS);
        r.set(CUSTOMERS.PLATFORM_ID, c.platformId().value());
        r.set(CUSTOMERS.ID, c.id().value());
        r.set(CUSTOMERS.PLATFORM_CUSTOMER_ID, c.platformCustomerId());
        r.set(CUSTOMERS.CUSTOMER_TYPE, c.type().name());
        r.set(CUSTOMERS.UMA_ADDRESS, c.umaAddress());
        r.set(CUSTOMERS.REGION, c.region());
        r.set(CUSTOMERS.CURRENCIES, String.join(",", c.currencies()));
        r.set(CUSTOMERS.EMAIL, c.email());
        r.set(CUSTOMERS.PHONE_NUMBER, c.phoneNumber());
        r.set(CUSTOMERS.VERIFICATION_STATUS, c.verificationStatus());
        r.set(CUSTOMERS.DETAILS, JsonColumns.write(c.details()));
        r.set(CUSTOMERS.CREATED_AT, utc(c.createdAt()));
        r.set(CUSTOMERS.UPDATED_AT, utc(c.updatedAt()));
        r.set(CUSTOMERS.DELETED_AT, utc(c.deletedAt()));
        r.set(CUSTOMERS.VERIFIED_EMAIL, c.verifiedContacts().email());
        r.set(CUSTOMERS.VERIFIED_PHONE, c.verifiedContacts().phoneNumber());
        return r;
    }

    private static Customer toCustomer(CustomersRecord r) {
        List<String> currencies = r.getCurrencies().isEmpty() ? List.of()
                : Arrays.asList(r.getCurrencies().split(","));
        return new Customer(new CustomerId(r.getId()), new PlatformId(r.getPlatformId()), r.getPlatformCustomerId(),
                CustomerType.valueOf(r.getCustomerType()), r.getUmaAddress(), r.getRegion(), currencies,
                r.getEmail(), r.getPhoneNumber(), r.getVerificationStatus(), JsonColumns.readObject(r.getDetails()),
                r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant(),
                r.getDeletedAt() == null ? null : r.getDeletedAt().toInstant(),
                new VerifiedContacts(r.getVerifiedEmail(), r.getVerifiedPhone()));
    }
}
