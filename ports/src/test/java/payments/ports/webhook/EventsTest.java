package payments.ports.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.ports.World.address;
import static payments.ports.World.business;
import static payments.ports.World.individual;
import static payments.ports.World.json;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountView;
import payments.core.customer.Customer;
import payments.core.error.InvalidInput;
import payments.core.invitation.InvitationView;
import payments.core.json.ResourceJson;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Platform;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.core.webhook.EventStatus;
import payments.core.webhook.WebhookEvent;
import payments.ports.World;
import payments.ports.account.SandboxFunding;
import payments.ports.customer.NewCustomer;
import payments.ports.externalaccount.NewExternalAccount;
import payments.ports.platform.ConfigUpdate;
import payments.ports.uma.InvitationClaim;
import payments.ports.uma.NewInvitation;

/** Which state changes write which webhook events, with what data, through the services and the fakes. */
class EventsTest {
    private static final String HOOKS = "https://hooks.acme.example/payments";
    private final World w = new World();
    private final Platform acme = w.sandboxWithEndpoint(HOOKS);
    private final Caller caller = w.caller(acme);

    private List<String> types() {
        return w.outbox.types(acme.id());
    }

    private WebhookEvent last() {
        var events = w.outbox.events(acme.id());
        return events.get(events.size() - 1);
    }

    @Test
    void a_new_customer_announces_its_kyc_or_kyb_status_with_the_customer_as_the_api_shows_it() {
        Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual("identifier", "123-45-6789")));
        w.customerService.create(caller, NewCustomer.fromJson(business("kybStatus", "APPROVED")));

        assertEquals(List.of("CUSTOMER.KYC_PENDING", "CUSTOMER.KYB_APPROVED"), types());
        WebhookEvent first = w.outbox.events(acme.id()).get(0);
        assertEquals(ResourceJson.customer(jane), first.data());
        assertNull(first.data().get("identifier"), "write-only fields stay out of webhooks too");
        assertEquals(EventStatus.PENDING, first.status());
        assertEquals(w.clock.now(), first.nextAttemptAt(), "due at once");
        assertEquals(8, first.maxAttempts());
    }

    @Test
    void an_update_announces_only_a_changed_kyc_status() {
        Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual()));
        w.updateCustomer(caller, jane.id(), json("customerType", "INDIVIDUAL", "email", "j@example.com"));
        Customer approved = w.updateCustomer(caller, jane.id(),
                json("customerType", "INDIVIDUAL", "kycStatus", "APPROVED"));
        w.updateCustomer(caller, jane.id(), json("customerType", "INDIVIDUAL", "kycStatus", "APPROVED"));
        w.customerService.delete(caller, jane.id());

        assertEquals(List.of("CUSTOMER.KYC_PENDING", "CUSTOMER.KYC_APPROVED"), types());
        assertEquals(ResourceJson.customer(approved), last().data());
    }

    @Test
    void a_refused_request_writes_no_event() {
        assertThrows(InvalidInput.class, () -> w.customerService.create(caller,
                NewCustomer.fromJson(individual("currencies", List.of("JPY")))));

        assertEquals(List.of(), types());
    }

    @Test
    void a_platform_without_an_endpoint_still_records_its_events_as_not_sent() {
        Platform quiet = w.sandbox();
        w.customerService.create(w.caller(quiet), NewCustomer.fromJson(individual()));

        WebhookEvent e = w.outbox.events(quiet.id()).get(0);
        assertEquals(EventStatus.NOT_SENT, e.status());
        assertNull(e.nextAttemptAt());
    }

    @Test
    void external_accounts_announce_registration_and_removal() {
        Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual()));
        ExternalAccount account = w.externalAccountService.create(caller,
                NewExternalAccount.fromJson(json("customerId", jane.id().toString(),
                "currency", "USD", "accountInfo", json("accountType", "USD_ACCOUNT", "accountNumber", "123456789",
                        "routingNumber", "021000021", "beneficiary", json("beneficiaryType", "INDIVIDUAL",
                                "fullName", "Jane Doe", "address", address()))), false));
        w.clock.advance(Duration.ofMinutes(1));
        w.externalAccountService.delete(caller, account.id(), false);

        assertEquals(List.of("CUSTOMER.KYC_PENDING", "EXTERNAL_ACCOUNT.STATUS_UPDATED",
                "EXTERNAL_ACCOUNT.STATUS_UPDATED"), types());
        var events = w.outbox.events(acme.id());
        assertEquals(ResourceJson.externalAccount(account), events.get(1).data());
        assertEquals("INACTIVE", events.get(2).data().get("status"));
        assertEquals(false, events.get(2).data().get("defaultUmaDepositAccount"));
        assertEquals(w.clock.now().toString(), events.get(2).data().get("updatedAt"));
    }

    @Test
    void sandbox_funding_announces_the_new_balance() {
        Customer jane = w.customerService.create(caller, NewCustomer.fromJson(individual("currencies",
                List.of("USD"))));
        InternalAccount usd = w.internalAccounts.listOwnedBy(acme.id(), jane.id()).get(0);

        InternalAccountView funded = w.internalAccountService.fund(caller, usd.id(),
                SandboxFunding.fromJson(json("amount", 500L)));

        assertEquals("INTERNAL_ACCOUNT.BALANCE_UPDATED", last().type());
        assertEquals(ResourceJson.internalAccount(funded), last().data());
        assertEquals(500L, ((Map<?, ?>) last().data().get("balance")).get("amount"));
    }

    @Test
    void a_claim_is_announced_to_the_inviting_platform_not_to_the_claimer() {
        w.customerService.create(caller, NewCustomer.fromJson(individual("umaAddress", "$alice@acme.example")));
        Platform beta = w.platform(Environment.SANDBOX, "beta.example", "USD");
        String code = w.invitationService.create(caller, NewInvitation.fromJson(json("inviterUma",
                "$alice@acme.example")))
                .invitation().code();

        InvitationView claimed = w.invitationService.claim(w.caller(beta), code,
                InvitationClaim.fromJson(json("inviteeUma", "$bob@beta.example")));

        assertEquals("INVITATION.CLAIMED", last().type());
        assertEquals(ResourceJson.invitation(claimed), last().data());
        assertEquals(List.of(), w.outbox.types(beta.id()));
    }

    @Test
    void setting_or_changing_the_endpoint_sends_one_test_event() {
        Platform p = w.sandbox();
        Caller manager = w.caller(p);
        w.platformService.updateConfig(manager, ConfigUpdate.fromJson(json("umaDomain", "other.example")));
        w.platformService.updateConfig(manager, ConfigUpdate.fromJson(json("webhookEndpoint", HOOKS)));
        w.platformService.updateConfig(manager, ConfigUpdate.fromJson(json("webhookEndpoint", HOOKS)));
        w.platformService.updateConfig(manager, ConfigUpdate.fromJson(json("webhookEndpoint", HOOKS + "/v2")));

        assertEquals(List.of("TEST", "TEST"), w.outbox.types(p.id()));
        WebhookEvent test = w.outbox.events(p.id()).get(0);
        assertNull(test.data());
        assertEquals(1, test.maxAttempts(), "a TEST event is tried once");
    }

    private Transaction payment(TransactionType type, TransactionStatus status, boolean awaitingApproval) {
        Money amount = new Money(100, Currencies.of("USD"));
        var now = w.clock.now();
        return new Transaction(UUID.randomUUID(), acme.id(), type,
                type == TransactionType.INCOMING ? Direction.CREDIT : Direction.DEBIT, status, null, null,
                TransactionParty.account("InternalAccount:a", "USD"), TransactionParty.account("b", "USD"), amount,
                amount, 0, "REF", null, null, awaitingApproval, Map.of(), null, null, now, now);
    }

    @Test
    void every_stored_transaction_change_announces_its_status_with_the_state_at_that_moment() {
        Transaction processing = payment(TransactionType.OUTGOING, TransactionStatus.PROCESSING, false);
        w.transactions.insert(processing);
        w.transactions.update(processing.receiptConfirmed(w.clock.now(), w.clock.now()));
        Transaction completed = processing.completed(w.clock.advance(Duration.ofSeconds(30)));
        w.transactions.update(completed);

        assertEquals(List.of("OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"), types());
        var events = w.outbox.events(acme.id());
        assertEquals(ResourceJson.transaction(processing), events.get(0).data());
        assertEquals("PROCESSING", events.get(0).data().get("status"));
        assertEquals(ResourceJson.transaction(completed), events.get(1).data());
    }

    @Test
    void a_batch_insert_stores_all_and_announces_each_as_its_own_insert_would_in_one_append() {
        Transaction processing = payment(TransactionType.OUTGOING, TransactionStatus.PROCESSING, false);
        Transaction awaitingApproval = payment(TransactionType.INCOMING, TransactionStatus.PENDING, true);
        Transaction completed = payment(TransactionType.OUTGOING, TransactionStatus.COMPLETED, false);
        List<Transaction> batch = List.of(processing, awaitingApproval, completed);
        World oneByOne = new World(); // set up as this test's world, so its ids run the same
        Platform same = oneByOne.sandboxWithEndpoint(HOOKS);
        oneByOne.caller(same);
        assertEquals(acme.id(), same.id());
        batch.forEach(oneByOne.transactions::insert);

        w.transactions.insertAll(batch);

        for (Transaction t : batch) {
            assertEquals(t, w.transactionRows.find(acme.id(), t.id()).orElseThrow());
        }
        assertEquals(List.of("OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED"), types());
        assertEquals(oneByOne.outbox.events(acme.id()), w.outbox.events(acme.id()), "ids, data, times and all");
        assertEquals(ResourceJson.transaction(completed), last().data());
        assertEquals(1, w.outbox.batches());
        assertEquals(0, oneByOne.outbox.batches());
    }

    @Test
    void incoming_payment_events_carry_the_requested_receiver_fields() {
        Transaction waiting = payment(TransactionType.INCOMING, TransactionStatus.PENDING, true);
        w.transactions.insert(waiting);
        assertEquals(List.of(), types(), "the approval webhook is synchronous, not an outbox event");

        w.transactions.update(waiting.rejected("no", w.clock.now()));

        assertEquals(List.of("INCOMING_PAYMENT.FAILED"), types());
        assertEquals(List.of(), last().data().get("requestedReceiverCustomerInfoFields"));
        assertEquals("REJECTED", last().data().get("status"));
    }
}
