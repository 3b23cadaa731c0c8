package payments.ports.webhook;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccountView;
import payments.core.agent.ActionView;
import payments.core.agent.AgentJson;
import payments.core.bulk.BulkImportJob;
import payments.core.card.Card;
import payments.core.card.CardJson;
import payments.core.card.CardState;
import payments.core.cardnetwork.CardTransaction;
import payments.core.cardnetwork.CardTransactionJson;
import payments.core.cardnetwork.CardTransactionStatus;
import payments.core.compliance.Verification;
import payments.core.customer.Customer;
import payments.core.id.PlatformId;
import payments.core.invitation.InvitationView;
import payments.core.json.ResourceJson;
import payments.core.platform.Platform;
import payments.core.transaction.Transaction;
import payments.core.webhook.EventTypes;
import payments.core.webhook.WebhookEvent;
import payments.ports.driven.Ids;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.webhook.Outbox;
import payments.ports.time.PlatformClock;

/**
 * Where state changes become webhook events. Each method renders the resource as the API shows it at that moment
 * (a snapshot: the data of an {@code OUTGOING_PAYMENT.PROCESSING} says PROCESSING even if it is delivered after the
 * payment completed) and appends the event to the outbox in the caller's database transaction. A platform without
 * a webhook endpoint still gets its events recorded, as NOT_SENT, to list and replay later.
 */
public final class Events {
    private final Outbox outbox;
    private final Platforms platforms;
    private final PlatformClock clock;
    private final Ids ids;

    public Events(Outbox outbox, Platforms platforms, PlatformClock clock, Ids ids) {
        this.outbox = outbox;
        this.platforms = platforms;
        this.clock = clock;
        this.ids = ids;
    }

    /** A transaction was inserted ({@code before} null) or changed: its status and refund events. */
    public void transactionChanged(Transaction before, Transaction after) {
        transactionEvents(before, after).forEach(outbox::append);
    }

    /** Several transactions were inserted: each one's events, as {@link #transactionChanged}, appended at once. */
    public void transactionsInserted(List<Transaction> inserted) {
        transactionsChanged(java.util.Collections.nCopies(inserted.size(), null), inserted);
    }

    /** Several transactions changed ({@code before.get(i)} null for an insert): their events, appended at once. */
    public void transactionsChanged(List<Transaction> before, List<Transaction> after) {
        List<WebhookEvent> all = new ArrayList<>();
        for (int i = 0; i < after.size(); i++) {
            all.addAll(transactionEvents(before.get(i), after.get(i)));
        }
        outbox.appendAll(all);
    }

    private List<WebhookEvent> transactionEvents(Transaction before, Transaction after) {
        return EventTypes.forTransaction(before, after).stream()
                .map(type -> event(after.platformId(), type, ResourceJson.paymentEvent(after)))
                .toList();
    }

    /** A customer was created ({@code before} null) or updated: an event when its KYC/KYB status is new. */
    public void customerChanged(Customer before, Customer after) {
        if (before == null || !before.verificationStatus().equals(after.verificationStatus())) {
            emit(after.platformId(), EventTypes.customerVerification(after.type(), after.verificationStatus()),
                    ResourceJson.customer(after));
        }
    }

    /** An external account was registered or removed. */
    public void externalAccountStatus(PlatformId platform, ExternalAccount account) {
        emit(platform, EventTypes.EXTERNAL_ACCOUNT_STATUS_UPDATED, ResourceJson.externalAccount(account));
    }

    public void internalAccountBalance(PlatformId platform, InternalAccountView account) {
        emit(platform, EventTypes.INTERNAL_ACCOUNT_BALANCE_UPDATED, ResourceJson.internalAccount(account));
    }

    /** A verification was created ({@code before} null) or moved: an event for its new status, if that has one. */
    public void verificationChanged(Verification before, Verification after) {
        String type = EventTypes.verification(after.status());
        if (type != null && (before == null || before.status() != after.status())) {
            emit(after.platformId(), type, ResourceJson.verification(after));
        }
    }

    /** A bulk import of customers finished: every row created or refused. */
    public void bulkImportCompleted(BulkImportJob job) {
        emit(job.platformId(), EventTypes.BULK_UPLOAD_COMPLETED, ResourceJson.bulkImportJob(job));
    }

    /** An agent's action waits for approval, or was approved, rejected or failed: {@code AGENT_ACTION.<status>}. */
    public void agentAction(ActionView view) {
        emit(view.action().platformId(), EventTypes.agentAction(view.action().status().name()),
                AgentJson.action(view));
    }

    /** A card was provisioned or changed: {@code CARD.STATE_CHANGE} and {@code CARD.FUNDING_SOURCE_CHANGE}. */
    public void cardChanged(Card before, Card after) {
        if (before.state() != after.state()) {
            emit(after.platformId(), EventTypes.CARD_STATE_CHANGE, CardJson.card(after));
        }
        if (after.state() != CardState.CLOSED && after.fundingChangedFrom(before)) {
            emit(after.platformId(), EventTypes.CARD_FUNDING_SOURCE_CHANGE, CardJson.card(after));
        }
    }

    /** Card transactions just authorized: a {@code CARD_TRANSACTION.AUTHORIZED} each, appended at once. */
    public void cardTransactions(List<CardTransaction> authorized) {
        outbox.appendAll(authorized.stream().map(t -> event(t.platformId(),
                EventTypes.cardTransaction(t.status().name()), CardTransactionJson.transaction(t))).toList());
    }

    /** A card network's message changed a card transaction: {@code CARD_TRANSACTION.<what>}. */
    public void cardTransaction(CardTransactionStatus what, CardTransaction after) {
        emit(after.platformId(), EventTypes.cardTransaction(what.name()), CardTransactionJson.transaction(after));
    }

    /** Sent to the inviting platform, whichever platform claimed. */
    public void invitationClaimed(InvitationView invitation) {
        emit(invitation.invitation().platformId(), EventTypes.INVITATION_CLAIMED, ResourceJson.invitation(invitation));
    }

    /** The reference's TEST event, sent once when a platform sets or changes its webhook endpoint. */
    public void endpointChanged(PlatformId platform) {
        emit(platform, EventTypes.TEST, null);
    }

    private void emit(PlatformId platformId, String type, Map<String, Object> data) {
        outbox.append(event(platformId, type, data));
    }

    /** The event as emitted now: due at once, or NOT_SENT for a platform without a webhook endpoint. */
    private WebhookEvent event(PlatformId platformId, String type, Map<String, Object> data) {
        Platform platform = platforms.find(platformId).orElseThrow();
        return WebhookEvent.emitted(platformId, ids.newId(), type, data, platform.config().webhookEndpoint() != null,
                clock.now(platformId, platform.environment()));
    }
}
