package payments.ports.externalaccount;

import java.util.LinkedHashMap;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.ExternalAccountStatus;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.BeneficiaryVerifier;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.customer.Customers;
import payments.ports.webhook.Events;

/** {@link ExternalAccountUseCases}: an account is ACTIVE once registered, INACTIVE once removed. */
public final class ExternalAccountService implements ExternalAccountUseCases {
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

    /** Without a customerId the account is the platform's own. */
    @Override
    public ExternalAccount create(Caller caller, NewExternalAccount command) {
        caller.require(Permission.MANAGE);
        CustomerId owner = command.customerId();
        NewExternalAccount.AccountInfo info = command.accountInfo();
        String accountType = info.accountType();
        String currency = command.currency();
        if (!AccountInfoSchemas.currenciesFor(accountType).contains(currency)) {
            throw InvalidFields.of("currency", "must be one of " + AccountInfoSchemas.currenciesFor(accountType)
                    + " for accountType " + accountType);
        }
        boolean defaultUma = command.defaultUmaDepositAccount();
        if (defaultUma && owner == null) {
            throw InvalidFields.of("defaultUmaDepositAccount", "applies only to a customer's account");
        }
        String identifier = info.primaryIdentifier();
        var check = verifier.verify(caller.environment(), accountType, identifier, info.beneficiaryName());
        Map<String, Object> stored = new LinkedHashMap<>(info.fields());
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
                    ExternalAccountStatus.ACTIVE, command.platformAccountId(), command.ownershipType(), defaultUma,
                    accountType, identifier, stored,
                    check.status(), check.verifiedName(), now, now);
            accounts.insert(caller.platformId(), account);
            events.externalAccountStatus(caller.platformId(), account);
            return account;
        });
    }

    @Override
    public ExternalAccount get(Caller caller, ExternalAccountId id, boolean platformOwned) {
        caller.require(Permission.VIEW);
        return find(caller, id, platformOwned);
    }

    private ExternalAccount find(Caller caller, ExternalAccountId id, boolean platformOwned) {
        return accounts.find(caller.platformId(), id)
                .filter(a -> !platformOwned || a.isPlatformAccount())
                .orElseThrow(() -> ExternalAccounts.notFound(id));
    }

    @Override
    public Page<ExternalAccount> list(Caller caller, boolean platformOwned, CustomerId customer, String currency,
                                      PageRequest page) {
        caller.require(Permission.VIEW);
        return accounts.list(caller.platformId(), platformOwned, customer, currency, page);
    }

    @Override
    public void delete(Caller caller, ExternalAccountId id, boolean platformOwned) {
        caller.require(Permission.MANAGE);
        tx.inTransaction(() -> {
            ExternalAccount account = find(caller, id, platformOwned); // MANAGE deletes without VIEW
            var now = clock.now();
            if (!accounts.delete(caller.platformId(), id, now)) {
                throw ExternalAccounts.notFound(id); // a concurrent delete got there first, and reported it
            }
            events.externalAccountStatus(caller.platformId(), account.removed(now));
        });
    }

}
