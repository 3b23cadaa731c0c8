package payments.ports.quote;

import payments.core.id.CustomerId;

/** Who would send, for a receiver lookup: a sender's UMA address or a customer of the platform (exactly one). */
public record LookupSender(String umaAddress, CustomerId customerId) {
}
