package payments.ports.bankrail;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import payments.core.account.InternalAccount;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.BankRailRules;
import payments.core.bankrail.BankReport;
import payments.core.bankrail.BankReport.Entry;
import payments.core.bankrail.BankReport.Malformed;
import payments.core.bankrail.BankReport.Notification;
import payments.core.bankrail.BankReport.PaymentStatus;
import payments.core.bankrail.BankReport.StatusReport;
import payments.core.bankrail.Masking;
import payments.core.id.EntityId;
import payments.core.id.PlatformId;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.quote.Quote;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.account.AccountReads;
import payments.ports.driven.Ids;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.driven.bankrail.BankRails.SentTransfer;
import payments.ports.driven.transaction.Transactions;
import payments.ports.driven.transfer.PaymentRail.RailOutcome;
import payments.ports.time.PlatformClock;
import payments.ports.quote.QuotePayouts;
import payments.ports.transfer.TransferOutcomes;

/**
 * What a bank's report does, inside the transaction that claims it: a rejection fails the transfer-out and releases
 * its hold (or refunds a quote's payout), an acceptance records it, a debit notification completes the transfer-out
 * and posts its hold (or completes the quote's payout), a credit naming a payment it sent returns that payment, a
 * credit naming an internal account's deposit reference credits that account. Anything the service cannot
 * match (an unknown id or reference, an amount or currency that differs, a debit of a transfer that failed) throws
 * {@link Malformed}, which rolls the whole report back for quarantine: a report is applied whole or not at all.
 */
public final class BankReportEffects {
    static final String SENT = "SENT";
    static final String ACCEPTED = "ACCEPTED";
    static final String REJECTED = "REJECTED";
    static final String SETTLED = "SETTLED";
    static final String RETURNED = "RETURNED";
    private static final Set<String> ACCOUNT_REASONS = Set.of("AC01", "AC02", "AC03", "AC04", "AC06", "AC13", "BE01",
            "BE04", "RC01", "RR01", "MD07");
    /** The statuses that say the bank took a payment on (ISO 20022 ExternalPaymentTransactionStatus1Code). */
    private static final Set<String> ACCEPTANCES = Set.of("ACCP", "ACCC", "ACFC", "ACSP", "ACSC", "ACTC", "ACWC",
            "ACWP");
    private static final Pattern DEPOSIT_REFERENCE = Pattern.compile("\\b[0-9A-Fa-f]{16}\\b");

    private final BankRails rails;
    private final TransferOutcomes outcomes;
    private final QuotePayouts payouts;
    private final InternalAccounts accounts;
    private final AccountReads reads;
    private final Transactions transactions;
    private final PlatformClock clock;
    private final Ids ids;

    public BankReportEffects(BankRails rails, TransferOutcomes outcomes, QuotePayouts payouts,
                             InternalAccounts accounts, AccountReads reads, Transactions transactions,
                             PlatformClock clock, Ids ids) {
        this.rails = rails;
        this.outcomes = outcomes;
        this.payouts = payouts;
        this.accounts = accounts;
        this.reads = reads;
        this.transactions = transactions;
        this.clock = clock;
        this.ids = ids;
    }

    /** Applies a report in the caller's transaction, or throws {@link Malformed} (and the caller rolls back). */
    void apply(BankReport report) {
        if (report instanceof StatusReport status) {
            applyStatus(status);
        } else if (report instanceof Notification notification) {
            applyNotification(notification);
        }
    }

    private void applyStatus(StatusReport report) {
        List<PaymentStatus> statuses = report.payments();
        if (statuses.isEmpty()) {
            if (report.groupStatus() == null) {
                throw new Malformed("the status report on " + report.originalMessageId() + " has no status");
            }
            List<SentTransfer> sent = rails.sentTransfers(report.originalMessageId());
            if (sent.isEmpty()) {
                throw new Malformed("no file with message id " + report.originalMessageId() + " was sent");
            }
            sent.forEach(t -> applyStatus(t, report.groupStatus(), null, "the bank's status of the whole file"));
            return;
        }
        for (PaymentStatus status : statuses) {
            SentTransfer sent = rails.sentTransfer(status.endToEndId())
                    .filter(t -> t.messageId().equals(report.originalMessageId()))
                    .orElseThrow(() -> new Malformed("no credit transfer " + status.endToEndId() + " was sent in "
                            + report.originalMessageId()));
            applyStatus(sent, status.status(), status.reasonCode(), status.reasonText());
        }
    }

    private void applyStatus(SentTransfer sent, String status, String reasonCode, String reasonText) {
        Instant now = clock.now(sent.platform());
        if ("RJCT".equals(status)) {
            Transaction t = decide(sent, RailOutcome.failed(
                    failureReason(reasonCode), "The bank rejected the credit transfer (ISO 20022 reason "
                            + (reasonCode == null ? "not given" : reasonCode)
                            + (reasonText == null ? "" : ": " + reasonText) + ")", 0), now);
            if (t.status() == TransactionStatus.COMPLETED) {
                throw new Malformed("the bank rejected credit transfer " + t.reference() + ", which it had debited");
            }
            rails.markTransfer(sent.platform(), sent.transactionId(), REJECTED, now);
        } else if (ACCEPTANCES.contains(status) && SENT.equals(sent.status())) { // never undoes a later word
            rails.markTransfer(sent.platform(), sent.transactionId(), ACCEPTED, now);
        }
    }

    /** The bank's final word on a credit transfer: a transfer-out's, or a quote's payout. */
    private Transaction decide(SentTransfer sent, RailOutcome outcome, Instant now) {
        Transaction t = paid(sent);
        return t.ofQuote() ? payouts.decide(sent.platform(), quoteOf(t), outcome, now)
                : outcomes.decide(t, outcome, now);
    }

    /** The payment a credit transfer pays, locked. */
    private Transaction paid(SentTransfer sent) {
        return transactions.findForUpdate(sent.platform(), sent.transactionId()).orElseThrow();
    }

    private static UUID quoteOf(Transaction t) {
        return Quote.parseId("quoteId", (String) t.details().get("quoteId"));
    }

    /** Refuses an entry for a credit transfer ({@code what}: a debit, a return) of another amount than was sent. */
    private static void requireAmountSent(SentTransfer sent, Entry entry, long amount, String what) {
        if (amount != sent.amountMinor() || !entry.currency().equals(sent.currency())) {
            throw new Malformed("the " + what + " of " + entry.endToEndId() + " is " + entry.amount().toPlainString()
                    + " " + entry.currency() + ", not the amount sent");
        }
    }

    /** The transaction's {@code failureReason} for an ISO 20022 status reason code. */
    static String failureReason(String isoReason) {
        return isoReason != null && ACCOUNT_REASONS.contains(isoReason) ? "ACCOUNT_INVALID"
                : "COUNTERPARTY_POST_TX_FAILED";
    }

    private void applyNotification(Notification report) {
        BankRail rail = rails.railOfAccount(report.account()).orElseThrow(() -> new Malformed(
                "no platform's bank rail has the notified account " + Masking.lastFour(report.account())));
        for (Entry entry : report.entries()) {
            if (!entry.currency().equals(rail.currency())) {
                throw new Malformed("an entry in " + entry.currency() + " on the " + rail.currency() + " account "
                        + rail.debtor().masked());
            }
            long amount = BankRailRules.minor(entry.currency(), entry.amount());
            if (entry.credit()) {
                credit(rail, entry, amount);
            } else {
                debit(rail, entry, amount);
            }
        }
    }

    private void debit(BankRail rail, Entry entry, long amount) {
        SentTransfer sent = Optional.ofNullable(entry.endToEndId()).flatMap(rails::sentTransfer)
                .filter(t -> t.platform().equals(rail.platform()))
                .orElseThrow(() -> new Malformed("a debit names no credit transfer the platform sent (end-to-end id "
                        + entry.endToEndId() + ")"));
        requireAmountSent(sent, entry, amount, "debit");
        Instant now = clock.now(sent.platform());
        Transaction t = decide(sent, RailOutcome.settledNow(), now);
        if (t.status() != TransactionStatus.COMPLETED) {
            throw new Malformed("the bank debited credit transfer " + t.reference() + ", which is " + t.status());
        }
        rails.markTransfer(sent.platform(), sent.transactionId(), SETTLED, now);
    }

    /**
     * A credit naming a credit transfer the platform sent is that transfer coming back (a return, whatever the
     * reason): its payment fails with {@code PAYOUT_RETURNED} and its money goes back to where it came from.
     */
    private void returned(SentTransfer sent, Entry entry, long amount) {
        requireAmountSent(sent, entry, amount, "return");
        Instant now = clock.now(sent.platform());
        String detail = "The receiving bank returned the credit transfer"
                + (entry.reference() == null ? "" : " (" + entry.reference() + ")");
        Transaction t = paid(sent);
        Optional<Transaction> back = t.ofQuote() ? payouts.returned(sent.platform(), quoteOf(t), detail, now)
                : outcomes.returned(t, detail, now);
        if (back.isEmpty()) {
            throw new Malformed("the bank returned credit transfer " + t.reference() + ", which had failed");
        }
        rails.markTransfer(sent.platform(), sent.transactionId(), RETURNED, now);
    }

    /**
     * A deposit: a completed incoming transfer to the account whose deposit reference the payer gave; or, when it
     * names a credit transfer the platform sent, that transfer returned.
     */
    private void credit(BankRail rail, Entry entry, long amount) {
        Optional<SentTransfer> sent = Optional.ofNullable(entry.endToEndId()).flatMap(rails::sentTransfer)
                .filter(t -> t.platform().equals(rail.platform()));
        if (sent.isPresent()) {
            returned(sent.get(), entry, amount);
            return;
        }
        PlatformId platform = rail.platform();
        InternalAccount account = depositAccount(platform, entry.reference());
        if (!account.currency().equals(entry.currency())) {
            throw new Malformed("a credit of " + entry.currency() + " names a " + account.currency() + " account");
        }
        Instant now = clock.now(platform);
        UUID id = ids.newId();
        Money money = new Money(amount, Currencies.of(entry.currency()));
        String platformCustomerId = account.customerId() == null ? null
                : reads.oneByOne(platform).platformCustomerId(account.customerId());
        Transaction t = new Transaction(id, platform, TransactionType.INCOMING, Direction.CREDIT,
                TransactionStatus.PROCESSING, account.customerId(), platformCustomerId,
                new TransactionParty(TransactionParty.REALTIME_FUNDING, null, null, entry.currency()),
                TransactionParty.account(account.id().toString(), account.currency()), money, money, 0,
                EntityId.reference("TX-", id), null, null, false, Map.of(), null, null, now, now);
        transactions.insert(outcomes.arrived(t, now));
    }

    private InternalAccount depositAccount(PlatformId platform, String reference) {
        if (reference != null) {
            Matcher m = DEPOSIT_REFERENCE.matcher(reference);
            while (m.find()) {
                Optional<InternalAccount> found = accounts.findByDepositReference(platform, m.group());
                if (found.isPresent()) {
                    return found.get();
                }
            }
        }
        throw new Malformed("a credit names no deposit reference of the platform's internal accounts ("
                + (reference == null ? "no reference" : "\"" + reference + "\"") + ")");
    }
}
