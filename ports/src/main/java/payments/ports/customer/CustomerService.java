package payments.ports.customer;

import java.util.List;
import java.util.Map;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerRules;
import payments.core.customer.CustomerType;
import payments.core.error.Gone;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.CustomerId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.webhook.Events;

/** {@link CustomerUseCases}: an email or phone change tied to wallet credentials goes by {@link TiedContactChange}. */
public final class CustomerService implements CustomerUseCases {
    private final Customers customers;
    private final Platforms platforms;
    private final CustomerAccounts holdings;
    private final TiedContactChange contactChange;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;
    private final Events events;

    public CustomerService(Customers customers, Platforms platforms, CustomerAccounts holdings,
                           TiedContactChange contactChange, TransactionRunner tx, Clock clock, Ids ids,
                           Events events) {
        this.customers = customers;
        this.platforms = platforms;
        this.holdings = holdings;
        this.contactChange = contactChange;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
        this.events = events;
    }

    @Override
    public Customer create(Caller caller, NewCustomer command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            CustomerId id = new CustomerId(ids.newId());
            List<String> currencies = command.currencies() != null ? command.currencies()
                    : platform.config().currencyCodes();
            requireSupported(platform, currencies);
            CustomerType type = command.type();
            Map<String, Object> details = command.profile();
            CustomerRules.check(type, details);
            var now = clock.now();
            String domain = platform.config().umaDomain();
            Customer customer = new Customer(id, caller.platformId(),
                    command.platformCustomerId() != null ? command.platformCustomerId() : id.value().toString(), type,
                    command.umaAddress() != null ? CustomerRules.umaAddressOn(command.umaAddress(), domain)
                            : CustomerRules.generatedUmaAddress(id, domain),
                    command.region(), distinct(currencies), command.email(), command.phoneNumber(),
                    CustomerRules.verificationStatus(type, command.verificationStatus(), "PENDING",
                            caller.isSandbox()),
                    details, now, now, null);
            customers.insert(customer);
            holdings.provide(platform, customer, now);
            events.customerChanged(null, customer);
            return customer;
        });
    }

    @Override
    public Customer get(Caller caller, CustomerId id) {
        caller.require(Permission.VIEW);
        return customers.find(caller.platformId(), id).orElseThrow(() -> Customer.notFound(id));
    }

    @Override
    public Page<Customer> list(Caller caller, CustomerFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return customers.list(caller.platformId(), filter, page);
    }

    @Override
    public SignedOutcome<Customer> update(Caller caller, CustomerId id, CustomerUpdate command, SignedCall call) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            // Locked: a concurrent update would otherwise be lost, and a concurrent delete undone.
            Customer current = customers.findForUpdate(caller.platformId(), id).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(id));
            CustomerType type = command.type();
            if (type != current.type()) {
                throw InvalidFields.of("customerType", "must be " + current.type() + ", the type of this customer");
            }
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            List<String> currencies = command.currencies() != null ? distinct(command.currencies())
                    : current.currencies();
            // Only currencies this change adds: one the platform stopped offering may stay on a customer.
            requireSupported(platform, currencies.stream().filter(c -> !current.currencies().contains(c)).toList());
            Map<String, Object> details = CustomerRules.mergeProfile(current.details(), command.profile());
            CustomerRules.check(type, details);
            // Checked before a tied contact change's 202, so that its signed retry cannot fail on them.
            String umaAddress = command.umaAddress() != null ? CustomerRules.umaAddressOn(command.umaAddress(),
                    platform.config().umaDomain()) : current.umaAddress();
            String status = CustomerRules.verificationStatus(type, command.verificationStatus(),
                    current.verificationStatus(), caller.isSandbox());
            return contactChange.run(caller, current, command.email(), command.phoneNumber(), call, now -> {
                Customer updated = new Customer(id, current.platformId(), current.platformCustomerId(), type,
                        umaAddress, current.region(), currencies,
                        command.email() != null ? command.email() : current.email(),
                        command.phoneNumber() != null ? command.phoneNumber() : current.phoneNumber(),
                        status, details, current.createdAt(), now, null);
                customers.update(updated);
                holdings.provide(platform, updated, now);
                events.customerChanged(current, updated);
                return updated;
            }, clock.now());
        });
    }

    @Override
    public Customer delete(Caller caller, CustomerId id) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Customer current = customers.findForUpdate(caller.platformId(),
                    id).orElseThrow(() -> Customer.notFound(id));
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
