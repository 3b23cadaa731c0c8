package payments.core.transfer;

import java.util.Map;
import java.util.Objects;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.CurrencySettings;
import payments.core.transaction.TransactionType;

/** What a same-currency transfer between an internal and an external account must satisfy. */
public final class TransferRules {
    private TransferRules() {
    }

    /**
     * The amount in the accounts' shared currency, a payment of {@code type} the platform allows in it
     * ({@code settings}: the platform's settings of the internal account's currency).
     */
    public static Money amount(TransactionType type, InternalAccount internal, ExternalAccount external, long amount,
                               CurrencySettings settings) {
        if (!internal.currency().equals(external.currency())) {
            throw new InvalidInput("INVALID_CURRENCY", "Transfers move one currency: the internal account holds "
                    + internal.currency() + ", the external account " + external.currency()
                    + "; use a quote to convert");
        }
        settings.requirePayment(type, amount);
        return new Money(amount, Currencies.of(internal.currency()));
    }

    /** A customer's money moves only to and from that customer's accounts; the platform's only to its own. */
    public static void requireSameOwner(InternalAccount internal, ExternalAccount external, String field) {
        if (!Objects.equals(internal.customerId(), external.customerId())) {
            throw InvalidFields.of(field, "belongs to a different owner than the internal account");
        }
    }

    /**
     * A transfer-out's source: an embedded wallet is self-custodial, so money leaves it only under the wallet's
     * signature, which a transfer does not carry.
     */
    public static InternalAccount requireTransferable(InternalAccount source) {
        if (source.type() == InternalAccountType.EMBEDDED_WALLET) {
            throw InvalidFields.of("source.accountId", "is an EMBEDDED_WALLET: its outbound payments are quotes "
                    + "executed with the wallet's Service-Wallet-Signature");
        }
        return source;
    }

    /** The insufficient balance of a transfer's source, with what it has available. */
    public static InvalidInput insufficientBalance(InternalAccount source, long amount) {
        return new InvalidInput("INSUFFICIENT_BALANCE", "The source account's available balance is below " + amount,
                Map.of("available", source.availableMinor()));
    }
}
