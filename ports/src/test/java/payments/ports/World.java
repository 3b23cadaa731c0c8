package payments.ports;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.customer.Customer;
import payments.core.error.DomainError;
import payments.core.id.CustomerId;
import payments.core.id.PlatformId;
import payments.core.id.TokenId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.core.webhook.EndpointPolicy;
import payments.ports.account.AccountOpening;
import payments.ports.account.InternalAccountService;
import payments.ports.customer.CustomerAccounts;
import payments.ports.customer.CustomerService;
import payments.ports.customer.CustomerUpdate;
import payments.ports.customer.TiedContactChange;
import payments.ports.externalaccount.ExternalAccountService;
import payments.ports.fakes.DirectTransactionRunner;
import payments.ports.fakes.FakeClock;
import payments.ports.fakes.FakeWebhookSigner;
import payments.ports.fakes.FixedBeneficiaryVerifier;
import payments.ports.fakes.HashOnlyWalletCrypto;
import payments.ports.fakes.InMemoryApiTokens;
import payments.ports.fakes.InMemoryCredentials;
import payments.ports.fakes.InMemoryCustomers;
import payments.ports.fakes.InMemoryExternalAccounts;
import payments.ports.fakes.InMemoryInternalAccounts;
import payments.ports.fakes.InMemoryInvitations;
import payments.ports.fakes.InMemoryJobs;
import payments.ports.fakes.InMemoryLedger;
import payments.ports.fakes.InMemoryOutbox;
import payments.ports.fakes.InMemoryPlatforms;
import payments.ports.fakes.InMemorySandboxClocks;
import payments.ports.fakes.InMemorySignedRequests;
import payments.ports.fakes.InMemoryTransactions;
import payments.ports.fakes.InMemoryWalletSecrets;
import payments.ports.fakes.InMemoryWalletSessions;
import payments.ports.fakes.InMemoryWebhookKeys;
import payments.ports.fakes.NoFundingInstructions;
import payments.ports.fakes.PlainTokenSecrets;
import payments.ports.fakes.ScriptedWebhookTransport;
import payments.ports.fakes.SequentialIds;
import payments.ports.fakes.SequentialInvitationCodes;
import payments.ports.platform.PlatformService;
import payments.ports.platform.TokenService;
import payments.ports.time.PlatformClock;
import payments.ports.transaction.AnnouncedTransactions;
import payments.ports.uma.IncomingPayments;
import payments.ports.uma.InvitationService;
import payments.ports.wallet.EmbeddedWallets;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;
import payments.ports.webhook.Events;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.webhook.WebhookEndpoints;
import payments.ports.webhook.WebhookKeyService;
import payments.ports.webhook.WebhookService;

/** The application services wired to the in-memory fakes, plus small helpers for bodies and callers. */
public final class World {
    public final FakeClock clock = new FakeClock();
    public final SequentialIds ids = new SequentialIds();
    public final DirectTransactionRunner tx = new DirectTransactionRunner();
    public final InMemoryPlatforms platforms = new InMemoryPlatforms();
    public final InMemoryApiTokens apiTokens = new InMemoryApiTokens(platforms);
    public final InMemoryCustomers customers = new InMemoryCustomers();
    public final InMemoryLedger ledger = new InMemoryLedger();
    public final InMemoryInternalAccounts internalAccounts = new InMemoryInternalAccounts(ledger);
    public final InMemoryExternalAccounts externalAccounts = new InMemoryExternalAccounts();
    public final PlainTokenSecrets secrets = new PlainTokenSecrets();
    public final FixedBeneficiaryVerifier verifier = new FixedBeneficiaryVerifier();
    public final InMemoryInvitations invitations = new InMemoryInvitations();
    public final InMemorySandboxClocks sandboxClocks = new InMemorySandboxClocks();
    public final PlatformClock platformClock = new PlatformClock(clock, sandboxClocks);
    public final InMemoryOutbox outbox = new InMemoryOutbox();
    public final Events events = new Events(outbox, platforms, platformClock, ids);
    public final InMemoryTransactions transactionRows = new InMemoryTransactions();
    public final AnnouncedTransactions transactions = new AnnouncedTransactions(transactionRows, events,
            payments.ports.spending.SpendingGate.OPEN);
    public final InMemoryJobs jobs = new InMemoryJobs();
    public final FakeWebhookSigner signer = new FakeWebhookSigner();
    public final InMemoryWebhookKeys webhookKeys = new InMemoryWebhookKeys();
    public final ScriptedWebhookTransport endpoint = new ScriptedWebhookTransport();

    public final InMemoryCredentials credentials = new InMemoryCredentials();
    public final InMemoryWalletSecrets walletSecrets = new InMemoryWalletSecrets();
    public final AccountOpening accountOpening = new AccountOpening(internalAccounts, ids);
    public final EmbeddedWallets embeddedWallets = new EmbeddedWallets(internalAccounts, credentials, walletSecrets,
            new HashOnlyWalletCrypto(), ids);
    public final TokenService tokens = new TokenService(apiTokens, secrets, tx, clock, ids);
    public final PlatformService platformService =
            new PlatformService(platforms, tokens, accountOpening, tx, clock, ids, events,
                    new WebhookEndpoints(EndpointPolicy.DEFAULT, host -> java.util.List.of()));
    public final CustomerService customerService = new CustomerService(customers, platforms,
            new CustomerAccounts(accountOpening, embeddedWallets), new TiedContactChange(internalAccounts,
            credentials, new SignedRetry(new InMemorySignedRequests(), new InMemoryWalletSessions(),
            new HashOnlyWalletCrypto(), platformClock, ids, tx)), tx, clock, ids, events);
    public final InternalAccountService internalAccountService = new InternalAccountService(internalAccounts, ledger,
            new NoFundingInstructions(), tx, platformClock, ids, events);
    public final ExternalAccountService externalAccountService =
            new ExternalAccountService(externalAccounts, customers, verifier, tx, clock, ids, events);
    public final InvitationService invitationService = new InvitationService(invitations, customers, platforms,
            new SequentialInvitationCodes(), platformClock, tx, events);
    public final WebhookKeyService webhookKeyService = new WebhookKeyService(webhookKeys, signer, platformClock, tx);
    public final WebhookDelivery webhookDelivery = new WebhookDelivery(outbox, platforms, webhookKeyService, endpoint,
            platformClock, ids, tx, new WebhookDelivery.Limits(Duration.ofSeconds(10), 2));
    public final WebhookService webhookService = new WebhookService(outbox, webhookDelivery, platforms, platformClock,
            tx);
    public final IncomingPayments incomingPayments = new IncomingPayments(transactions, ledger, jobs, platforms,
            webhookDelivery, platformClock, ids, tx);

    /** A platform stored directly (no accounts, no token), on UMA domain {@code umaDomain}. */
    public Platform platform(Environment environment, String umaDomain, String... currencies) {
        var now = clock.now();
        Platform p = new Platform(new PlatformId(ids.newId()), "Platform " + umaDomain, environment,
                PlatformConfig.initial(umaDomain, List.of(currencies)), now, now);
        platforms.insert(p);
        return p;
    }

    /** A sandbox platform on acme.example with USD and EUR whose webhooks go to {@code url}. */
    public Platform sandboxWithEndpoint(String url) {
        Platform p = sandbox();
        Platform configured = p.withConfig(new PlatformConfig(p.config().umaDomain(), null, url,
                p.config().supportedCurrencies(), false, null, null, List.of()), p.updatedAt());
        platforms.update(configured);
        return configured;
    }

    /** A sandbox platform on acme.example with USD and EUR. */
    public Platform sandbox() {
        return platform(Environment.SANDBOX, "acme.example", "USD", "EUR");
    }

    public Caller caller(Platform platform, Permission... permissions) {
        var set = permissions.length == 0 ? EnumSet.allOf(Permission.class)
                : EnumSet.copyOf(Arrays.asList(permissions));
        return new Caller(platform.id(), platform.environment(), new TokenId(ids.newId()), set);
    }

    /** A mutable JSON object from alternating names and values (as the HTTP adapter's JSON parser gives). */
    public static Map<String, Object> json(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }

    public static Map<String, Object> address() {
        return json("line1", "1 Main St", "postalCode", "94105", "country", "US");
    }

    public static Map<String, Object> individual(Object... more) {
        Map<String, Object> body = json("customerType", "INDIVIDUAL", "fullName", "Jane Doe",
                "birthDate", "1990-01-31", "address", address());
        body.putAll(json(more));
        return body;
    }

    public static Map<String, Object> businessInfo(Object... more) {
        Map<String, Object> info = json("legalName", "Acme Corp", "country", "US", "incorporatedOn", "2010-05-01",
                "taxId", "12-3456789", "doingBusinessAs", "Acme");
        info.putAll(json(more));
        return info;
    }

    public static Map<String, Object> business(Object... more) {
        Map<String, Object> body = json("customerType", "BUSINESS", "businessInfo", businessInfo());
        body.putAll(json(more));
        return body;
    }

    /** The field names of an {@code INVALID_INPUT} error's details. */
    @SuppressWarnings("unchecked")
    public static List<String> fields(DomainError e) {
        Object errors = e.details().get("errors");
        if (errors == null) {
            return List.of();
        }
        return ((List<Map<String, Object>>) errors).stream().map(m -> (String) m.get("field")).toList();
    }

    /** Updates a customer where no wallet signature is involved (the signed path is tested over HTTP). */
    public Customer updateCustomer(Caller caller, CustomerId id, Object body) {
        var outcome = customerService.update(caller, id, CustomerUpdate.fromJson(body),
                new SignedCall("PATCH", "/customers/" + id, new byte[0], null, null));
        return ((SignedOutcome.Done<Customer>) outcome).value();
    }
}
