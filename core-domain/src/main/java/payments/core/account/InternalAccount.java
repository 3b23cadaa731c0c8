package payments.core.account;

import java.time.Instant;
import java.util.Locale;
import payments.core.error.Conflict;
import payments.core.id.CustomerId;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.money.Currencies;
import payments.core.money.Money;

/**
 * A balance the service holds for a customer (or, with no customer, for the platform). The balances are read from
 * the ledger: {@code availableMinor} is spendable, {@code totalMinor} also counts funds held for payments in flight.
 */
public record InternalAccount(InternalAccountId id, CustomerId customerId, String currency, InternalAccountType type,
                              InternalAccountStatus status, long availableMinor, long totalMinor,
                              Boolean privateEnabled, Instant createdAt, Instant updatedAt) {

    /**
     * The reference a payer gives with a deposit so it is credited to this account: the 16 hex digits of its id's
     * random part, in capitals (a bank's remittance text may carry them in either case).
     */
    public String depositReference() {
        return EntityId.randomPart(id.value()).toUpperCase(Locale.ROOT);
    }

    public Money balance() {
        return new Money(availableMinor, Currencies.of(currency));
    }

    public Money totalBalance() {
        return new Money(totalMinor, Currencies.of(currency));
    }

    public boolean isPlatformAccount() {
        return customerId == null;
    }

    /** This account, if money may move in or out of it: 409 while it is not ACTIVE. */
    public InternalAccount requireActive() {
        if (status != InternalAccountStatus.ACTIVE) {
            throw new Conflict("CONFLICT", "Internal account " + id + " is " + status);
        }
        return this;
    }

    /** The type a new service-held account of this currency gets. */
    public static InternalAccountType typeFor(String currency) {
        return Currencies.isCrypto(currency) ? InternalAccountType.INTERNAL_CRYPTO
                : InternalAccountType.INTERNAL_FIAT;
    }
}
