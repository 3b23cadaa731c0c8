package payments.ports.transfer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.common.Conflict;
import payments.core.common.EntityId;
import payments.core.common.ExternalAccountId;
import payments.core.common.InternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.common.PlatformId;
import payments.core.fx.RailSelection;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.ledger.Journal;
import payments.core.money.Currencies;
import payments.core.money.Money;
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
import payments.ports.account.AccountReads;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;
import payments.ports.driven.transfer.PaymentRail;
import payments.ports.time.PlatformClock;

/**
 * Same-currency transfers between an internal and an external account. Transfer-out holds the amount, then posts
 * or voids the hold by the rail's outcome; transfer-in credits only when the rail settles. Outcomes the rail
 * decides later are durable jobs ({@link TransferOutcomeJob}).
 */
public final class TransferService {
    private static final String[] PURPOSES = {"GIFT", "SELF", "GOODS_OR_SERVICES", "EDUCATION", "HEALTH_OR_MEDICAL",
        "REAL_ESTATE_PURCHASE", "TAX_PAYMENT", "LOAN_PAYMENT", "UTILITY_BILL", "DONATION", "TRAVEL",
        "FAMILY_SUPPORT", "SALARY_PAYMENT", "OTHER"};
    private static final ObjectSchema ACCOUNT_REF = ObjectSchema.of().required("accountId", Types.string(1, 100));
    static final ObjectSchema TRANSFER_IN = ObjectSchema.of()
            .required("source", ACCOUNT_REF)
            .required("destination", ACCOUNT_REF)
            .required("amount", Types.integer(1, Money.MAX_MINOR))
            .optional("description", Types.string(1, 500));
    static final ObjectSchema TRANSFER_OUT = ObjectSchema.of()
            .required("source", ACCOUNT_REF)
            .required("destination", ObjectSchema.of()
                    .required("accountId", Types.string(1, 100))
                    .optional("paymentRail", Types.string(1, 32)))
            .required("amount", Types.integer(1, Money.MAX_MINOR))
            .optional("remittanceInformation", Types.string(1, 80))
            .optional("purposeOfPayment", Types.oneOf(PURPOSES))
            .optional("description", Types.string(1, 500));

    private final InternalAccounts internalAccounts;
    private final ExternalAccounts externalAccounts;
    private final AccountReads accountReads;
    private final Platforms platforms;
    private final Ledger ledger;
    private final PaymentRail rail;
    private final Transactions transactions;
    private final Jobs jobs;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public TransferService(InternalAccounts internalAccounts, ExternalAccounts externalAccounts, Customers customers,
                           Platforms platforms, Ledger ledger, PaymentRail rail, Transactions transactions, Jobs jobs,
                           PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.accountReads = new AccountReads(internalAccounts, externalAccounts, customers);
        this.platforms = platforms;
        this.ledger = ledger;
        this.rail = rail;
        this.transactions = transactions;
        this.jobs = jobs;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    public Transaction transferOut(Caller caller, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = TRANSFER_OUT.validate(body);
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            OutgoingTransfer transfer = prepareOut(caller, f, accountReads.oneByOne(caller.platformId()), now);
            try {
                ledger.hold(caller.platformId(), transfer.hold());
            } catch (InsufficientFunds e) {
                throw transfer.insufficientBalance();
            }
            Transaction t = sendOut(caller, List.of(transfer), now).get(0);
            transactions.insert(t);
            return t;
        });
    }

    /** A validated transfer-out, its accounts checked, before its hold: PROCESSING, with the hold's id. */
    record OutgoingTransfer(Transaction transaction, InternalAccount source, ExternalAccount destination) {
        Hold hold() {
            return Hold.pending(transaction.holdId(), AccountRef.owned(source.id().value()), source.currency(),
                    transaction.sentAmount().amountMinor());
        }

        InvalidInput insufficientBalance() {
            return new InvalidInput("INSUFFICIENT_BALANCE", "The source account's available balance is below "
                    + transaction.sentAmount().amountMinor(), Map.of("available", source.availableMinor()));
        }
    }

    /** The source and destination ids a transfer-out names (400 when malformed). */
    static InternalAccountId sourceId(Fields f) {
        return InternalAccountId.parse("source.accountId",
                f.object("source").orElseThrow().string("accountId").orElseThrow());
    }

    static ExternalAccountId destinationId(Fields f) {
        return ExternalAccountId.parse("destination.accountId",
                f.object("destination").orElseThrow().string("accountId").orElseThrow());
    }

    /** Checks a validated transfer-out against its accounts and the platform's limits; refuses with a 4xx. */
    OutgoingTransfer prepareOut(Caller caller, Fields f, AccountReads.Reads lookups, Instant now) {
        InternalAccount source = active(lookups.internal(sourceId(f)));
        if (source.type() == InternalAccountType.EMBEDDED_WALLET) {
            // Self-custodial: money leaves it only under the wallet's signature, which a transfer does not carry.
            throw InvalidFields.of("source.accountId", "is an EMBEDDED_WALLET: its outbound payments are quotes "
                    + "executed with the wallet's Service-Wallet-Signature");
        }
        ExternalAccount destination = lookups.external(destinationId(f));
        Money amount = amount(caller, TransactionType.OUTGOING, source, destination, f);
        requireSameOwner(source, destination, "destination.accountId");
        RailSelection rail = RailSelection.of(destination.accountType(), destination.currency(),
                f.object("destination").orElseThrow().string("paymentRail").orElse(null));
        UUID id = ids.newId();
        UUID holdId = ids.newId();
        Map<String, Object> details = f.pick("remittanceInformation", "purposeOfPayment", "description");
        details.putAll(rail.fields());
        String platformCustomerId = source.customerId() == null ? null
                : lookups.platformCustomerId(source.customerId());
        Transaction t = new Transaction(id, caller.platformId(), TransactionType.OUTGOING, Direction.DEBIT,
                TransactionStatus.PROCESSING, source.customerId(), platformCustomerId,
                TransactionParty.account(source.id().toString(), source.currency()),
                TransactionParty.account(destination.id().toString(), destination.currency()), amount, amount,
                0, reference(id), holdId, null, false, details, null, null, now, now);
        return new OutgoingTransfer(t, source, destination);
    }

    /**
     * Sends transfers whose holds are in place to the rail and applies its word: settled ones post their holds (one
     * ledger change for all), failed ones void them, undecided ones get a job for later.
     */
    List<Transaction> sendOut(Caller caller, List<OutgoingTransfer> held, Instant now) {
        List<RailOutcome> outcomes = held.stream().map(transfer -> rail.pushTo(caller.environment(),
                transfer.destination(), transfer.transaction().sentAmount())).toList();
        return applyOutcomes(caller.platformId(), held.stream().map(OutgoingTransfer::transaction).toList(),
                outcomes, now);
    }

    /**
     * Applies the rail's word to outgoing transfers (in order): settled ones post their holds (one ledger change
     * for all), failed ones void them, undecided ones get a job for later.
     */
    private List<Transaction> applyOutcomes(PlatformId platform, List<Transaction> transfers,
                                            List<RailOutcome> outcomes, Instant now) {
        List<Transaction> sent = new ArrayList<>();
        Map<UUID, Journal> postings = new LinkedHashMap<>();
        for (int i = 0; i < transfers.size(); i++) {
            Transaction t = transfers.get(i);
            RailOutcome outcome = outcomes.get(i);
            if (outcome.isPending()) {
                sent.add(schedule(t, outcome, now));
            } else if (outcome.settled()) {
                postings.put(t.holdId(), transferOutJournal(t, now));
                sent.add(t.completed(now));
            } else {
                ledger.voidHold(t.platformId(), t.holdId());
                sent.add(t.failed(outcome.failureReason(), outcome.failureDetail(), now));
            }
        }
        if (!postings.isEmpty()) {
            ledger.postHolds(platform, postings);
        }
        return sent;
    }

    public Transaction transferIn(Caller caller, Object body) {
        caller.require(Permission.TRANSACT);
        Fields f = TRANSFER_IN.validate(body);
        return tx.inTransaction(() -> {
            Instant now = clock.now(caller);
            ExternalAccount source = external(caller, f.object("source").orElseThrow(), "source.accountId")
                    .requirePullable("source.accountId");
            InternalAccount destination = internal(caller, f.object("destination").orElseThrow(),
                    "destination.accountId");
            Money amount = amount(caller, TransactionType.INCOMING, destination, source, f);
            requireSameOwner(destination, source, "source.accountId");
            UUID id = ids.newId();
            Map<String, Object> details = f.pick("description");
            // A pull: the reference's own example of INCOMING with direction DEBIT (the source is debited).
            Transaction t = new Transaction(id, caller.platformId(), TransactionType.INCOMING, Direction.DEBIT,
                    TransactionStatus.PROCESSING, destination.customerId(), platformCustomerId(caller, destination),
                    TransactionParty.account(source.id().toString(), source.currency()),
                    TransactionParty.account(destination.id().toString(), destination.currency()), amount, amount,
                    0, reference(id), null, null, false, details, null, null, now, now);
            RailOutcome outcome = rail.pullFrom(caller.environment(), source, amount);
            t = outcome.isPending() ? schedule(t, outcome, now) : settleIn(t, outcome, now);
            transactions.insert(t);
            return t;
        });
    }

    /** Applies a rail's final word to an outgoing transfer: post the hold on success, void it on failure. */
    Transaction settleOut(Transaction t, RailOutcome outcome, Instant now) {
        return applyOutcomes(t.platformId(), List.of(t), List.of(outcome), now).get(0).cancellationSettled(now);
    }

    /** Moves a transfer-out's amount from its source account to the rail. */
    private Journal transferOutJournal(Transaction t, Instant now) {
        Money amount = t.sentAmount();
        UUID accountId = InternalAccountId.parse("source.accountId", t.source().accountId()).value();
        return Journal.transfer(ids.newId(), "TRANSFER_OUT", t.wireId(), AccountRef.owned(accountId),
                AccountRef.system(t.platformId(), AccountRef.RAIL_SETTLEMENT, amount.currency().code()),
                amount.currency().code(), amount.amountMinor(), now);
    }

    /** Applies a rail's final word to an incoming transfer: credit on success, nothing on failure. */
    Transaction settleIn(Transaction t, RailOutcome outcome, Instant now) {
        if (outcome.settled()) {
            Money amount = t.receivedAmount();
            UUID accountId = InternalAccountId.parse("destination.accountId", t.destination().accountId()).value();
            ledger.post(t.platformId(), Journal.transfer(ids.newId(), "TRANSFER_IN", t.wireId(),
                    AccountRef.system(t.platformId(), AccountRef.RAIL_SETTLEMENT, amount.currency().code()),
                    AccountRef.owned(accountId), amount.currency().code(), amount.amountMinor(), now));
            return t.completed(now);
        }
        return t.failed(outcome.failureReason(), outcome.failureDetail(), now);
    }

    /**
     * A cancelled transfer: held funds go back to the account once it has failed; while the rail has the last word
     * (the cancellation pending) they stay held, for {@link #settleOut} to pay out or release.
     */
    public Transaction releaseOnCancel(Transaction t) {
        if (t.holdId() != null && !t.isCancellationPending()) {
            ledger.voidHold(t.platformId(), t.holdId());
        }
        return t;
    }

    private Transaction schedule(Transaction t, RailOutcome outcome, Instant now) {
        jobs.schedule(TransferOutcomeJob.job(ids.newId(), t, outcome, now.plusSeconds(outcome.decidedAfterSeconds())));
        return t;
    }

    private InternalAccount internal(Caller caller, Fields ref, String field) {
        var id = InternalAccountId.parse(field, ref.string("accountId").orElseThrow());
        return active(internalAccounts.require(caller.platformId(), id));
    }

    private static InternalAccount active(InternalAccount account) {
        if (account.status() != InternalAccountStatus.ACTIVE) {
            throw new Conflict("CONFLICT", "Internal account " + account.id() + " is " + account.status());
        }
        return account;
    }

    private ExternalAccount external(Caller caller, Fields ref, String field) {
        var id = ExternalAccountId.parse(field, ref.string("accountId").orElseThrow());
        return externalAccounts.require(caller.platformId(), id);
    }

    /** The amount in the accounts' shared currency, a payment of {@code type} the platform allows in it. */
    private Money amount(Caller caller, TransactionType type, InternalAccount internal, ExternalAccount external,
                         Fields f) {
        if (!internal.currency().equals(external.currency())) {
            throw new InvalidInput("INVALID_CURRENCY", "Transfers move one currency: the internal account holds "
                    + internal.currency() + ", the external account " + external.currency()
                    + "; use a quote to convert");
        }
        long amount = f.number("amount").orElseThrow();
        platforms.find(caller.platformId()).orElseThrow().config().currency(internal.currency())
                .requirePayment(type, amount);
        return new Money(amount, Currencies.of(internal.currency()));
    }

    /** A customer's money moves only to and from that customer's accounts; the platform's only to its own. */
    private static void requireSameOwner(InternalAccount internal, ExternalAccount external, String field) {
        if (!java.util.Objects.equals(internal.customerId(), external.customerId())) {
            throw InvalidFields.of(field, "belongs to a different owner than the internal account");
        }
    }

    private String platformCustomerId(Caller caller, InternalAccount account) {
        return account.customerId() == null ? null : accountReads.oneByOne(caller.platformId()).platformCustomerId(account.customerId());
    }

    private static String reference(UUID id) {
        return EntityId.reference("TX-", id);
    }
}
