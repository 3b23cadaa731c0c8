package payments.ports.customer;

import java.util.List;
import java.util.Map;
import payments.core.common.CustomerId;
import payments.core.common.Gone;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerRules;
import payments.core.customer.CustomerSchemas;
import payments.core.customer.CustomerType;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.validation.Fields;
import payments.ports.account.AccountOpening;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;
import payments.ports.wallet.EmbeddedWallets;
import payments.ports.wallet.SignedRetry;
import payments.ports.webhook.Events;

/**
 * Customers: create (with their internal accounts), read, list, update and soft delete. Creation and a changed
 * KYC/KYB status send a {@code CUSTOMER.*} webhook.
 */
public final class CustomerService {
    private final Customers customers;
    private final Platforms platforms;
    private final AccountOpening accountOpening;
    private final EmbeddedWallets embeddedWallets;
    private final TiedContactChange contactChange;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;
    private final Events events;

    public CustomerService(Customers customers, Platforms platforms, AccountOpening accountOpening,
                           EmbeddedWallets embeddedWallets, payments.ports.driven.account.InternalAccounts accounts,
                           payments.ports.driven.wallet.Credentials credentials, SignedRetry signedRetry,
                           TransactionRunner tx, Clock clock, Ids ids, Events events) {
        this.contactChange = new TiedContactChange(accounts, credentials, signedRetry);
        this.customers = customers;
        this.platforms = platforms;
        this.accountOpening = accountOpening;
        this.embeddedWallets = embeddedWallets;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
        this.events = events;
    }

    public Customer create(Caller caller, Object body) {
        caller.require(Permission.MANAGE);
        Fields f = CustomerSchemas.CREATE.validate(body);
        return tx.inTransaction(() -> {
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            CustomerId id = new CustomerId(ids.newId());
            List<String> currencies = f.<String>list("currencies").orElse(platform.config().currencyCodes());
            requireSupported(platform, currencies);
            CustomerType type = CustomerType.valueOf(f.string("customerType").orElseThrow());
            Map<String, Object> details = CustomerRules.profileOf(f);
            CustomerRules.check(type, details);
            var now = clock.now();
            Customer customer = new Customer(id, caller.platformId(),
                    f.string("platformCustomerId").orElse(id.value().toString()), type,
                    f.string("umaAddress").map(a -> CustomerRules.umaAddressOn(a, platform.config().umaDomain()))
                            .orElseGet(() -> CustomerRules.generatedUmaAddress(id, platform.config().umaDomain())),
                    f.string("region").orElse(null), distinct(currencies), f.string("email").orElse(null),
                    f.string("phoneNumber").orElse(null),
                    CustomerRules.verificationStatus(type, f, "PENDING", caller.isSandbox()),
                    details, now, now, null);
            customers.insert(customer);
            accountOpening.ensureAccounts(caller.platformId(), id, customer.currencies(), now);
            embeddedWallets.provision(platform, customer, now);
            events.customerChanged(null, customer);
            return customer;
        });
    }

    public Customer get(Caller caller, CustomerId id) {
        caller.require(Permission.VIEW);
        return customers.find(caller.platformId(), id).orElseThrow(() -> Customer.notFound(id));
    }

    public Page<Customer> list(Caller caller, CustomerFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return customers.list(caller.platformId(), filter, page);
    }

    /** Updates a customer; an email change tied to wallet credentials needs a signed retry (202 first). */
    public SignedRetry.Outcome<Customer> update(Caller caller, CustomerId id, Object body,
                                                SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        Fields f = CustomerSchemas.UPDATE.validate(body);
        return tx.inTransaction(() -> {
            // Locked: a concurrent update would otherwise be lost, and a concurrent delete undone.
            Customer current = customers.findForUpdate(caller.platformId(), id).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(id));
            CustomerType type = CustomerType.valueOf(f.string("customerType").orElseThrow());
            if (type != current.type()) {
                throw InvalidFields.of("customerType", "must be " + current.type() + ", the type of this customer");
            }
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            List<String> currencies = f.<String>list("currencies").map(CustomerService::distinct)
                    .orElse(current.currencies());
            // Only currencies this change adds: one the platform stopped offering may stay on a customer.
            requireSupported(platform, currencies.stream().filter(c -> !current.currencies().contains(c)).toList());
            Map<String, Object> details = CustomerRules.mergeProfile(current.details(), CustomerRules.profileOf(f));
            CustomerRules.check(type, details);
            // Checked before a tied contact change's 202, so that its signed retry cannot fail on them.
            String umaAddress = f.string("umaAddress").map(a -> CustomerRules.umaAddressOn(a,
                    platform.config().umaDomain())).orElse(current.umaAddress());
            String status = CustomerRules.verificationStatus(type, f, current.verificationStatus(), caller.isSandbox());
            return contactChange.run(caller, current, f.string("email").orElse(null),
                    f.string("phoneNumber").orElse(null), signed, now -> {
                Customer updated = new Customer(id, current.platformId(), current.platformCustomerId(), type,
                        umaAddress, current.region(), currencies,
                        f.string("email").orElse(current.email()),
                        f.string("phoneNumber").orElse(current.phoneNumber()),
                        status, details, current.createdAt(), now, null);
                customers.update(updated);
                accountOpening.ensureAccounts(caller.platformId(), id, currencies, now);
                embeddedWallets.provision(platform, updated, now);
                events.customerChanged(current, updated);
                return updated;
            }, clock.now());
        });
    }

    public Customer delete(Caller caller, CustomerId id) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Customer current = customers.findForUpdate(caller.platformId(), id).orElseThrow(() -> Customer.notFound(id));
            if (current.isDeleted()) {
                throw new Gone("CUSTOMER_DELETED", "Customer " + id + " is already deleted");
            }
            Customer deleted = current.deleted(clock.now());
            customers.update(deleted);
            return deleted;
        });
    }

    private static void requireSupported(Platform platform, List<String> currencies) {
        for (String c : currencies) {
            if (!platform.config().supportsCurrency(c)) {
                throw new InvalidInput("INVALID_CURRENCY", "Currency " + c + " is not enabled for this platform",
                        Map.of("currency", c, "supportedCurrencies", platform.config().currencyCodes()));
            }
        }
    }

    private static List<String> distinct(List<String> values) {
        return List.copyOf(new java.util.LinkedHashSet<>(values));
    }

}
