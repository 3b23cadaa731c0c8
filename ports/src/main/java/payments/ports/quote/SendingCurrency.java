package payments.ports.quote;

import payments.core.customer.Customer;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.platform.Caller;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.platform.Platforms;

/** The currency a lookup's sender would pay in: the customer's first, else the platform's first. */
public final class SendingCurrency {
    private final Customers customers;
    private final Platforms platforms;

    public SendingCurrency(Customers customers, Platforms platforms) {
        this.customers = customers;
        this.platforms = platforms;
    }

    String of(Caller caller, LookupSender sender) {
        if ((sender.umaAddress() == null) == (sender.customerId() == null)) {
            throw InvalidFields.of("senderUmaAddress", "give exactly one of senderUmaAddress and customerId");
        }
        if (sender.customerId() != null) {
            Customer customer = customers.find(caller.platformId(), sender.customerId()).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(sender.customerId()));
            if (!customer.currencies().isEmpty()) {
                return customer.currencies().get(0);
            }
        } else if (!sender.umaAddress().matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
            throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + sender.umaAddress());
        }
        return platforms.find(caller.platformId()).orElseThrow().config().currencyCodes().get(0);
    }
}
