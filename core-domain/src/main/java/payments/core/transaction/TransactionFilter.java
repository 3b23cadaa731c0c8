package payments.core.transaction;

import java.time.Instant;
import payments.core.id.CustomerId;

/**
 * Filters of {@code GET /transactions}; null means any, and every filter given applies. {@code platformOwn}
 * selects the platform's own transactions (no customer). {@code platformCustomerId} matches the value a
 * transaction shows: its customer's, or for the platform's own the platform's id, so when it names the platform
 * ({@code platformCustomerIdIsOwn}) it matches those too. Account identifiers match internal or external ids.
 */
public record TransactionFilter(CustomerId customerId, boolean platformOwn, String platformCustomerId,
                                boolean platformCustomerIdIsOwn, String accountIdentifier,
                                String senderAccountIdentifier, String receiverAccountIdentifier,
                                TransactionStatus status, TransactionType type, String reference, Instant startDate,
                                Instant endDate, boolean ascending) {
    /** These filters narrowed to one customer's transactions (an agent's customer's). */
    public TransactionFilter ofCustomer(CustomerId customer) {
        return ofCustomer(customer, false, null, false);
    }

    /** These filters with the customer criteria given ({@code customer} null and {@code platformOwn} false: none). */
    public TransactionFilter ofCustomer(CustomerId customer, boolean platformOwn, String platformCustomerId,
                                        boolean platformCustomerIdIsOwn) {
        return new TransactionFilter(customer, platformOwn, platformCustomerId, platformCustomerIdIsOwn,
                accountIdentifier, senderAccountIdentifier, receiverAccountIdentifier, status, type, reference,
                startDate, endDate, ascending);
    }
}
