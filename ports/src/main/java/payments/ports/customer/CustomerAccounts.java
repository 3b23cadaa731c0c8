package payments.ports.customer;

import java.time.Instant;
import payments.core.customer.Customer;
import payments.core.platform.Platform;
import payments.ports.account.AccountOpening;
import payments.ports.wallet.EmbeddedWallets;

/**
 * What a customer holds from the start and as it changes: an internal account per currency it lists, and the
 * embedded wallet its platform gives customers with an email.
 */
public final class CustomerAccounts {
    private final AccountOpening accountOpening;
    private final EmbeddedWallets embeddedWallets;

    public CustomerAccounts(AccountOpening accountOpening, EmbeddedWallets embeddedWallets) {
        this.accountOpening = accountOpening;
        this.embeddedWallets = embeddedWallets;
    }

    /** Opens what the customer is missing; call inside the transaction that creates or updates it. */
    void provide(Platform platform, Customer customer, Instant now) {
        accountOpening.ensureAccounts(platform.id(), customer.id(), customer.currencies(), now);
        embeddedWallets.provision(platform, customer, now);
    }
}
