package payments.ports.uma;

import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.transaction.TransactionParty;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;

/** Who an incoming UMA payment is for, and where it lands. */
public final class UmaReceivers {
    private final Customers customers;
    private final InternalAccounts internalAccounts;
    private final ExternalAccounts externalAccounts;

    public UmaReceivers(Customers customers, InternalAccounts internalAccounts, ExternalAccounts externalAccounts) {
        this.customers = customers;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
    }

    /** The customer named by id or UMA address; given both, they must name the same one. */
    Customer receiver(Caller caller, IncomingUmaPayment payment) {
        if (payment.customerId() != null) {
            Customer named = customers.find(caller.platformId(), payment.customerId()).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(payment.customerId()));
            if (payment.receiverUmaAddress() != null && !payment.receiverUmaAddress().equals(named.umaAddress())) {
                throw InvalidFields.of("receiverUmaAddress", "is not the UMA address of customer "
                        + payment.customerId());
            }
            return named;
        }
        String address = payment.receiverUmaAddress();
        var filter = new CustomerFilter(null, null, null, null, null, null, null, null, address, false);
        return customers.list(caller.platformId(), filter, new PageRequest(1, null)).data().stream().findFirst()
                .orElseThrow(() -> new NotFound("UMA_NOT_FOUND", "No customer has the UMA address " + address));
    }

    /** The customer's default UMA deposit account of the currency, else its internal account of the currency. */
    TransactionParty destination(Caller caller, Customer customer, String currency) {
        ExternalAccount deposit = externalAccounts.findDefaultUmaDeposit(caller.platformId(), customer.id())
                .filter(a -> a.currency().equals(currency)).orElse(null);
        if (deposit != null) {
            return TransactionParty.account(deposit.id().toString(), currency);
        }
        InternalAccount account = internalAccounts.listOwnedBy(caller.platformId(), customer.id()).stream()
                .filter(a -> a.currency().equals(currency) && a.type() != InternalAccountType.EMBEDDED_WALLET)
                .findFirst()
                .orElseThrow(() -> new InvalidInput("INVALID_CURRENCY", "The customer has no " + currency
                        + " account to receive into"));
        return TransactionParty.account(account.id().toString(), currency);
    }
}
