package payments.ports.uma;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.customer.Customer;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.id.EntityId;
import payments.core.invitation.InvitationSchemas;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.uma.UmaNetwork;
import payments.ports.time.PlatformClock;

/** {@link IncomingUmaUseCases}: the payment's last steps (the credit, the approval) are {@link IncomingPayments}'. */
public final class IncomingUmaService implements IncomingUmaUseCases {
    private final UmaNetwork uma;
    private final UmaReceivers receivers;
    private final Transactions transactions;
    private final IncomingPayments incoming;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public IncomingUmaService(UmaNetwork uma, UmaReceivers receivers, Transactions transactions,
                              IncomingPayments incoming, PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.uma = uma;
        this.receivers = receivers;
        this.transactions = transactions;
        this.incoming = incoming;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public Transaction record(Caller caller, IncomingUmaPayment command) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        String sender = command.senderUmaAddress();
        if (!sender.matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
            throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + sender);
        }
        if (!uma.isKnownSender(caller.environment(), sender)) {
            throw new NotFound("UMA_NOT_FOUND", "No sandbox sender " + sender);
        }
        if (command.receiverUmaAddress() == null && command.customerId() == null) {
            throw InvalidFields.of("customerId", "give receiverUmaAddress or customerId (or both, naming one "
                    + "customer)");
        }
        if (command.receiverUmaAddress() != null) {
            InvitationSchemas.umaAddress(command.receiverUmaAddress(), "receiverUmaAddress");
        }
        String currency = command.receivingCurrencyCode();
        Money amount = new Money(command.receivingCurrencyAmount(), Currencies.of(currency));
        incoming.requireEnabled(caller.platformId(), currency);
        boolean approval = command.requireApproval();
        if (approval) {
            incoming.approvingPlatform(caller.platformId()); // refused before anything is written
        }
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            Customer customer = receivers.receiver(caller, command);
            if (sender.equalsIgnoreCase(customer.umaAddress())) {
                throw new InvalidInput("SELF_PAYMENT", "The sender " + sender + " is the receiver");
            }
            UUID id = ids.newId();
            Transaction received = new Transaction(id, caller.platformId(), TransactionType.INCOMING,
                    Direction.CREDIT, approval ? TransactionStatus.PENDING : TransactionStatus.PROCESSING,
                    customer.id(), customer.platformCustomerId(),
                    new TransactionParty(TransactionParty.UMA_ADDRESS, null, sender, currency),
                    receivers.destination(caller, customer, currency), null, amount, 0,
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

    @Override
    public Transaction decide(Transaction recorded) {
        if (!IncomingPayments.awaiting(recorded)) {
            return recorded;
        }
        return incoming.askApproval(recorded);
    }

    /** A readable name from the sender's address ({@code $jane.doe@...} → "jane doe"). */
    private static String senderName(String address) {
        return address.substring(1, address.indexOf('@')).replace('.', ' ');
    }
}
