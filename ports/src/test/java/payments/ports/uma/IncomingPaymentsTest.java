package payments.ports.uma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static payments.ports.World.individual;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.account.InternalAccount;
import payments.core.customer.Customer;
import payments.core.error.Conflict;
import payments.core.money.Currencies;
import payments.core.money.Money;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.core.transaction.Direction;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.World;
import payments.ports.customer.NewCustomer;
import payments.ports.driven.Jobs;
import payments.ports.driven.webhook.WebhookTransport;

/** The approval of incoming payments, answer by answer: money moves only on approval. */
class IncomingPaymentsTest {
    private final World w = new World();
    private final Platform acme = w.sandboxWithEndpoint("https://hooks.acme.example/payments");
    private final Customer jane = w.customerService.create(w.caller(acme),
            NewCustomer.fromJson(individual("currencies", List.of("USD"))));
    private final InternalAccount usd = w.internalAccounts.listOwnedBy(acme.id(), jane.id()).get(0);

    private Transaction awaiting() {
        Money amount = new Money(700, Currencies.of("USD"));
        var now = w.clock.now();
        Transaction t = new Transaction(UUID.randomUUID(), acme.id(), TransactionType.INCOMING, Direction.CREDIT,
                TransactionStatus.PENDING, jane.id(), null,
                new TransactionParty(TransactionParty.UMA_ADDRESS, null, "$jane@sandbox.uma.money", "USD"),
                TransactionParty.account(usd.id().toString(), "USD"), null, amount, 0, "UMA-1", null, null, true,
                Map.of(), null, null, now, now);
        w.incomingPayments.awaitApproval(t, now);
        return t;
    }

    private Transaction askWith(WebhookTransport.Result answer) {
        w.endpoint.answer(answer);
        return w.incomingPayments.askApproval(awaiting());
    }

    private long balance() {
        return w.ledger.balance(acme.id(), usd.id().value());
    }

    @Test
    void a_2xx_approves_and_credits() {
        Transaction t = askWith(WebhookTransport.Result.answered(200, "", 5));

        assertEquals(TransactionStatus.COMPLETED, t.status());
        assertFalse(t.awaitingPlatformApproval());
        assertEquals(700, balance());
        assertEquals("INCOMING_PAYMENT.PENDING", w.endpoint.calls().get(0).envelope().get("type"));
    }

    @Test
    void a_202_waits_five_seconds_for_the_platform_then_the_deadline_fails_it() {
        Transaction t = askWith(WebhookTransport.Result.answered(202, "", 5));

        assertEquals(TransactionStatus.PENDING, t.status());
        var deadlines = w.jobs.scheduled().stream().map(j -> j.dueAt()).sorted().toList();
        assertEquals(List.of(w.clock.now().plusSeconds(5), w.clock.now().plusSeconds(15)), deadlines,
                "five seconds after the answer, and the safety net set before asking");
        w.incomingPayments.run(new Jobs.Job(acme.id(), UUID.randomUUID(), IncomingPayments.DEADLINE,
                Map.of("transactionId", t.id().toString()), w.clock.now(), 0), w.clock.now().plusSeconds(5));

        Transaction failed = w.transactions.find(acme.id(), t.id()).orElseThrow();
        assertEquals(TransactionStatus.FAILED, failed.status());
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", failed.failureReason());
        assertEquals(0, balance());
    }

    @Test
    void a_decision_after_the_window_is_409_though_the_deadline_job_has_not_run_yet() {
        Transaction t = askWith(WebhookTransport.Result.answered(202, "", 5));

        assertSame(t, w.incomingPayments.withinWindow(t, "approved", w.clock.now().plusSeconds(4)));
        Conflict late = assertThrows(Conflict.class,
                () -> w.incomingPayments.withinWindow(t, "approved", w.clock.now().plusSeconds(5)));

        assertEquals("TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL", late.code());
        assertEquals(0, balance());
    }

    @Test
    void each_other_answer_decides_without_moving_money() {
        assertEquals(TransactionStatus.REJECTED, askWith(WebhookTransport.Result.answered(403, "", 5)).status());
        assertEquals("MISSING_MANDATORY_PAYEE_DATA",
                askWith(WebhookTransport.Result.answered(422, "", 5)).failureReason());
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR",
                askWith(WebhookTransport.Result.answered(500, "", 5)).failureReason());
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR",
                askWith(WebhookTransport.Result.failed("ConnectException", 5)).failureReason());
        assertEquals("PAYMENT_APPROVAL_TIMED_OUT", askWith(WebhookTransport.Result.timedOut(10_000)).failureReason());
        assertEquals(0, balance());
    }

    @Test
    void an_endpoint_gone_since_the_payment_was_recorded_is_a_failed_delivery_not_an_error() {
        Transaction pending = awaiting();
        PlatformConfig c = acme.config();
        w.platforms.update(acme.withConfig(new PlatformConfig(c.umaDomain(), c.proxyUmaSubdomain(), null,
                c.supportedCurrencies(), c.regulatedFinancialInstitution(), c.embeddedWalletConfig(),
                c.cardTokenization2faConfig(), c.feeConfigs()), w.clock.now()));

        Transaction t = w.incomingPayments.askApproval(pending);

        assertEquals(TransactionStatus.FAILED, t.status());
        assertEquals("PAYMENT_APPROVAL_WEBHOOK_ERROR", t.failureReason());
        assertEquals(List.of(), w.endpoint.calls());
        assertEquals(0, balance());
    }

    @Test
    void a_decision_made_during_the_call_stands() {
        Transaction pending = awaiting();
        w.transactions.update(pending.rejected("decided through the API", w.clock.now()));
        w.endpoint.answer(WebhookTransport.Result.answered(200, "", 5));

        Transaction t = w.incomingPayments.askApproval(pending);

        assertEquals(TransactionStatus.REJECTED, t.status());
        assertEquals(0, balance());
    }
}
