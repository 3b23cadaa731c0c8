package payments.ports.externalaccount;

import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.common.CustomerId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.customer.Customer;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.BeneficiaryVerifier;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.customer.Customers;
import payments.ports.webhook.Events;

/**
 * External accounts of customers and of the platform: registration (with beneficiary check), reads, removal.
 * Registration (ACTIVE) and removal (INACTIVE) send {@code EXTERNAL_ACCOUNT.STATUS_UPDATED}.
 */
public final class ExternalAccountService {
    private static final ObjectSchema PLATFORM_CREATE = ObjectSchema.of()
            .required("currency", Types.currency())
            .optional("platformAccountId", Types.string(1, 255))
            .optional("ownershipType", Types.oneOf("FIRST_PARTY", "THIRD_PARTY"))
            .required("accountInfo", AccountInfoSchemas.CREATE);
    private static final ObjectSchema CUSTOMER_CREATE = PLATFORM_CREATE.extend()
            .optional("customerId", Types.string(1, 100))
            .optional("defaultUmaDepositAccount", Types.bool());

    private final ExternalAccounts accounts;
    private final Customers customers;
    private final BeneficiaryVerifier verifier;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;
    private final Events events;

    public ExternalAccountService(ExternalAccounts accounts, Customers customers, BeneficiaryVerifier verifier,
                                  TransactionRunner tx, Clock clock, Ids ids, Events events) {
        this.accounts = accounts;
        this.customers = customers;
        this.verifier = verifier;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
        this.events = events;
    }

    /** Registers an account; from the customer route without a customerId it is the platform's own. */
    public ExternalAccount create(Caller caller, Object body, boolean platformRoute) {
        caller.require(Permission.MANAGE);
        Fields f = (platformRoute ? PLATFORM_CREATE : CUSTOMER_CREATE).validate(body);
        CustomerId owner = f.string("customerId").map(s -> CustomerId.parse("customerId", s)).orElse(null);
        Fields info = f.object("accountInfo").orElseThrow();
        AccountInfoSchemas.checkRules(info);
        String accountType = AccountInfoSchemas.canonicalType(info.string("accountType").orElseThrow());
        String currency = f.string("currency").orElseThrow();
        if (!AccountInfoSchemas.currenciesFor(accountType).contains(currency)) {
            throw InvalidFields.of("currency", "must be one of " + AccountInfoSchemas.currenciesFor(accountType)
                    + " for accountType " + accountType);
        }
        boolean defaultUma = f.bool("defaultUmaDepositAccount").orElse(false);
        if (defaultUma && owner == null) {
            throw InvalidFields.of("defaultUmaDepositAccount", "applies only to a customer's account");
        }
        String identifier = AccountInfoSchemas.primaryIdentifier(info);
        var check = verifier.verify(caller.environment(), accountType, identifier, beneficiaryName(info));
        Map<String, Object> stored = new java.util.LinkedHashMap<>(info.toPlain());
        stored.put("accountType", accountType);
        if (accountType.equals("USD_ACCOUNT")) {
            stored.putIfAbsent("bankAccountType", "CHECKING"); // reference/accounts.md: "USD: default CHECKING"
        }
        return tx.inTransaction(() -> {
            if (owner != null) {
                // Locked to set a default: two at once would both clear the old one, and the second insert clash.
                (defaultUma ? customers.findForUpdate(caller.platformId(), owner)
                        : customers.find(caller.platformId(), owner)).filter(c -> !c.isDeleted())
                        .orElseThrow(() -> Customer.notFound(owner));
            }
            var now = clock.now();
            if (defaultUma) {
                accounts.clearDefaultUmaDeposit(caller.platformId(), owner, now);
            }
            ExternalAccount account = new ExternalAccount(new ExternalAccountId(ids.newId()), owner, currency,
                    ExternalAccountStatus.ACTIVE, f.string("platformAccountId").orElse(null),
                    f.string("ownershipType").orElse(null), defaultUma, accountType, identifier, stored,
                    check.status(), check.verifiedName(), now, now);
            accounts.insert(caller.platformId(), account);
            events.externalAccountStatus(caller.platformId(), account);
            return account;
        });
    }

    public ExternalAccount get(Caller caller, ExternalAccountId id, boolean platformRoute) {
        caller.require(Permission.VIEW);
        return find(caller, id, platformRoute);
    }

    private ExternalAccount find(Caller caller, ExternalAccountId id, boolean platformRoute) {
        return accounts.find(caller.platformId(), id)
                .filter(a -> !platformRoute || a.isPlatformAccount())
                .orElseThrow(() -> ExternalAccounts.notFound(id));
    }

    public Page<ExternalAccount> list(Caller caller, boolean platformRoute, CustomerId customer, String currency,
                                      PageRequest page) {
        caller.require(Permission.VIEW);
        return accounts.list(caller.platformId(), platformRoute, customer, currency, page);
    }

    public void delete(Caller caller, ExternalAccountId id, boolean platformRoute) {
        caller.require(Permission.MANAGE);
        tx.inTransaction(() -> {
            ExternalAccount account = find(caller, id, platformRoute); // MANAGE deletes without VIEW
            var now = clock.now();
            if (!accounts.delete(caller.platformId(), id, now)) {
                throw ExternalAccounts.notFound(id); // a concurrent delete got there first, and reported it
            }
            events.externalAccountStatus(caller.platformId(), account.removed(now));
        });
    }

    private static String beneficiaryName(Fields info) {
        return info.object("beneficiary")
                .flatMap(b -> b.string("fullName").or(() -> b.string("legalName")))
                .orElse(null);
    }
}
