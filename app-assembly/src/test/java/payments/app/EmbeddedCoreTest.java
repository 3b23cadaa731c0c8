package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.error.DomainError;
import payments.core.error.Unauthenticated;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;
import payments.ports.Payments;
import payments.ports.account.SandboxFunding;
import payments.ports.customer.NewCustomer;
import payments.ports.externalaccount.NewExternalAccount;
import payments.ports.transfer.TransferOut;

/**
 * An application that embeds the core in its JVM: no HTTP listener, the same driving ports and command records the
 * HTTP adapter uses, and the same refusals (as domain errors rather than status codes).
 */
class EmbeddedCoreTest {
    private static PaymentsCore core;
    private static Payments payments;
    private static Caller caller;

    @BeforeAll
    static void open() {
        Config config = Config.fromEnvironment(Map.of())
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password())
                .withSandboxToken(TestServer.SANDBOX_CREDENTIALS);
        core = PaymentsCore.open(config);
        payments = core.payments();
        String[] token = TestServer.SANDBOX_CREDENTIALS.split(":");
        caller = payments.authentication().authenticate(token[0], token[1]);
    }

    @AfterAll
    static void close() {
        core.close();
    }

    @Test
    void a_customer_is_funded_and_pays_out_through_the_driving_ports() throws Exception {
        Customer customer = payments.customers().create(caller, new NewCustomer(CustomerType.INDIVIDUAL,
                "embedded-" + UUID.randomUUID(), null, null, List.of("USD"), null, null, null, Map.of()));
        InternalAccount usd = payments.internalAccounts().listCustomerAccounts(caller,
                new InternalAccountFilter(customer.id(), "USD", null), new PageRequest(10, null)).data().get(0)
                .account();
        payments.internalAccounts().fund(caller, usd.id(), new SandboxFunding(10_000));
        ExternalAccount bank = payments.externalAccounts().create(caller, NewExternalAccount.fromJson(
                AccountApiTest.usdAccount(customer.id().toString(), "123456789"), false));

        Transaction paid = payments.transfers().transferOut(caller, new TransferOut(usd.id(), bank.id(), null, 2_500,
                null, null, "rent")).get();

        assertEquals(TransactionType.OUTGOING, paid.type());
        assertEquals(TransactionStatus.COMPLETED, paid.status());
        assertEquals(2_500, paid.sentAmount().amountMinor());
        Transaction read = payments.transactions().get(caller, paid.id());
        assertEquals(List.of(paid.status(), "rent"), List.of(read.status(), read.details().get("description")));
        assertEquals(7_500, payments.internalAccounts().get(caller, usd.id()).account().availableMinor());

        ExecutionException broke = assertThrows(ExecutionException.class, () -> payments.transfers()
                .transferOut(caller, new TransferOut(usd.id(), bank.id(), null, 1_000_000, null, null, null)).get());
        assertEquals("INSUFFICIENT_BALANCE", assertInstanceOf(DomainError.class, broke.getCause()).code());
        assertEquals(7_500, payments.internalAccounts().get(caller, usd.id()).account().availableMinor());
    }

    @Test
    void a_wrong_secret_is_refused_as_over_http() {
        String tokenId = TestServer.SANDBOX_CREDENTIALS.split(":")[0];
        assertThrows(Unauthenticated.class, () -> payments.authentication().authenticate(tokenId, "not-the-secret-0000"));
    }
}
