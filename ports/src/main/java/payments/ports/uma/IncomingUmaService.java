package payments.ports.uma;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.common.CustomerId;
import payments.core.common.EntityId;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.common.NotFound;
import payments.core.customer.Customer;
import payments.core.customer.CustomerFilter;
import payments.core.customer.CustomerSchemas;
import payments.core.invitation.InvitationSchemas;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.uma.UmaNetwork;
import payments.ports.time.PlatformClock;

/**
 * Sandbox: an incoming UMA payment to a customer. It lands in the customer's default UMA deposit account (an
 * external account of that currency, paid out through the rail) or else in the customer's internal account of the
 * currency. With {@code requireApproval} it first waits for the platform's approval ({@link IncomingPayments}).
 */
public final class IncomingUmaService {
    private static final ObjectSchema RECEIVE = ObjectSchema.of()
            .required("senderUmaAddress", Types.string(1, 255))
            .required("receivingCurrencyCode", Types.currency())
            .required("receivingCurrencyAmount", Types.integer(1, Money.MAX_MINOR))
            .optional("receiverUmaAddress", Types.string(1, 255))
            .optional("customerId", Types.string(1, 100))
            .optional("requireApproval", Types.bool());

    private final UmaNetwork uma;
    private final Customers customers;
    private final InternalAccounts internalAccounts;
    private final ExternalAccounts externalAccounts;
    private final Transactions transactions;
    private final IncomingPayments incoming;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public IncomingUmaService(UmaNetwork uma, Customers customers, InternalAccounts internalAccounts,
                              ExternalAccounts externalAccounts, Transactions transactions,
                              IncomingPayments incoming, PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.uma = uma;
        this.customers = customers;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.transactions = transactions;
        this.incoming = incoming;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * Records the payment: settled at once, or awaiting approval, which {@link #decide} then asks for. Its own
     * database transaction, or the caller's (an Idempotency-Key's: {@link IdempotencyService#executeThen}).
     */
    public Transaction record(Caller caller, Object body) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        Fields f = RECEIVE.validate(body);
        String sender = f.string("senderUmaAddress").orElseThrow();
        if (!sender.matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
            throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + sender);
        }
        if (!uma.isKnownSender(caller.environment(), sender)) {
            throw new NotFound("UMA_NOT_FOUND", "No sandbox sender " + sender);
        }
        if (!f.has("receiverUmaAddress") && !f.has("customerId")) {
            throw InvalidFields.of("customerId", "give receiverUmaAddress or customerId (or both, naming one "
                    + "customer)");
        }
        if (f.has("receiverUmaAddress")) {
            InvitationSchemas.umaAddress(f, "receiverUmaAddress");
        }
        String currency = f.string("receivingCurrencyCode").orElseThrow();
        Money amount = new Money(f.number("receivingCurrencyAmount").orElseThrow(), Currencies.of(currency));
        incoming.requireEnabled(caller.platformId(), currency);
        boolean approval = f.bool("requireApproval").orElse(false);
        if (approval) {
            incoming.approvingPlatform(caller.platformId()); // refused before anything is written
        }
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            Customer customer = receiver(caller, f);
            if (sender.equalsIgnoreCase(customer.umaAddress())) {
                throw new InvalidInput("SELF_PAYMENT", "The sender " + sender + " is the receiver");
            }
            UUID id = ids.newId();
            Transaction received = new Transaction(id, caller.platformId(), TransactionType.INCOMING,
                    Direction.CREDIT, approval ? TransactionStatus.PENDING : TransactionStatus.PROCESSING,
                    customer.id(), customer.platformCustomerId(),
                    new TransactionParty(TransactionParty.UMA_ADDRESS, null, sender, currency),
                    destination(caller, customer, currency), null, amount, 0,
                    EntityId.reference("UMA-", id), null, null, approval,
                    Map.of("counterpartyInformation", Map.of("FULL_NAME", senderName(sender))), null, null, now,
                    now);
            if (approval) {
                incoming.awaitApproval(received, now);
                return received;
            }
            Transaction settled = incoming.settle(received, now);
            transactions.insert(settled);
            return settled;
        });
    }

    /**
     * A recorded payment as the platform decides it: one awaiting approval is put to the platform's webhook, with
     * no database transaction open, since the platform may answer by calling back about it.
     */
    public Transaction decide(Transaction recorded) {
        if (!IncomingPayments.awaiting(recorded)) {
            return recorded;
        }
        return incoming.askApproval(recorded);
    }

    /** The customer's default UMA deposit account of the currency, else its internal account of the currency. */
    private TransactionParty destination(Caller caller, Customer customer, String currency) {
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

    /** The customer named by id or UMA address; given both, they must name the same one. */
    private Customer receiver(Caller caller, Fields f) {
        if (f.has("customerId")) {
            CustomerId id = CustomerId.parse("customerId", f.string("customerId").orElseThrow());
            Customer named = customers.find(caller.platformId(), id).filter(c -> !c.isDeleted())
                    .orElseThrow(() -> Customer.notFound(id));
            f.string("receiverUmaAddress").filter(a -> !a.equals(named.umaAddress())).ifPresent(a -> {
                throw InvalidFields.of("receiverUmaAddress", "is not the UMA address of customer " + id);
            });
            return named;
        }
        String address = f.string("receiverUmaAddress").orElseThrow();
        var filter = new CustomerFilter(null, null, null, null, null, null, null, null, address, false);
        return customers.list(caller.platformId(), filter, new PageRequest(1, null)).data().stream().findFirst()
                .orElseThrow(() -> new NotFound("UMA_NOT_FOUND", "No customer has the UMA address " + address));
    }

    /** A readable name from the sender's address ({@code $jane.doe@...} → "jane doe"). */
    private static String senderName(String address) {
        return address.substring(1, address.indexOf('@')).replace('.', ' ');
    }
}
