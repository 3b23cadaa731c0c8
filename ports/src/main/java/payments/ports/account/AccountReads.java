package payments.ports.account;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.customer.Customer;
import payments.core.id.CustomerId;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;

/**
 * The accounts and customers a payment request reads before it writes (transfer-outs, quote creations): one by one
 * from the stores, or read once for a whole group-commit batch, where whatever the batch did not read (an unknown
 * id) is asked of the stores, so a request gets the same answer on either path.
 */
public final class AccountReads {
    /** The reads of one platform's requests. */
    public interface Reads {
        /** The account, or a 404 REFERENCE_NOT_FOUND. */
        InternalAccount internal(InternalAccountId id);

        /** The account, or a 404 REFERENCE_NOT_FOUND. */
        ExternalAccount external(ExternalAccountId id);

        Optional<Customer> customer(CustomerId id);

        /** The platform's own id of an account owner, who exists. */
        default String platformCustomerId(CustomerId owner) {
            return customer(owner).orElseThrow().platformCustomerId();
        }
    }

    private final InternalAccounts internalAccounts;
    private final ExternalAccounts externalAccounts;
    private final Customers customers;

    public AccountReads(InternalAccounts internalAccounts, ExternalAccounts externalAccounts, Customers customers) {
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.customers = customers;
    }

    /** Each read made when asked. */
    public Reads oneByOne(PlatformId platform) {
        return new Reads() {
            public InternalAccount internal(InternalAccountId id) {
                return internalAccounts.require(platform, id);
            }

            public ExternalAccount external(ExternalAccountId id) {
                return externalAccounts.require(platform, id);
            }

            public Optional<Customer> customer(CustomerId id) {
                return customers.find(platform, id);
            }
        };
    }

    /**
     * The accounts named and the customers named, plus the owners of the accounts found, each kind read by one
     * statement now; anything else is read when asked.
     */
    public Reads preloaded(PlatformId platform, Collection<InternalAccountId> internalIds,
                    Collection<ExternalAccountId> externalIds, Collection<CustomerId> customerIds) {
        Map<InternalAccountId, InternalAccount> internal = internalAccounts.findAll(platform, internalIds);
        Map<ExternalAccountId, ExternalAccount> external = externalAccounts.findAll(platform, externalIds);
        Set<CustomerId> wanted = new LinkedHashSet<>(customerIds);
        Stream.concat(internal.values().stream().map(InternalAccount::customerId),
                external.values().stream().map(ExternalAccount::customerId))
                .filter(Objects::nonNull).forEach(wanted::add);
        Map<CustomerId, Customer> found = customers.findAll(platform, wanted);
        Reads stores = oneByOne(platform);
        return new Reads() {
            public InternalAccount internal(InternalAccountId id) {
                return internal.containsKey(id) ? internal.get(id) : stores.internal(id);
            }

            public ExternalAccount external(ExternalAccountId id) {
                return external.containsKey(id) ? external.get(id) : stores.external(id);
            }

            public Optional<Customer> customer(CustomerId id) {
                return found.containsKey(id) ? Optional.of(found.get(id)) : stores.customer(id);
            }
        };
    }
}
