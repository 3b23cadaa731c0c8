package payments.ports.app;

import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.common.DomainError;
import payments.core.common.PlatformId;
import payments.core.common.TokenId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.fakes.DirectTransactionRunner;
import payments.ports.fakes.FakeClock;
import payments.ports.fakes.FakeWebhookSigner;
import payments.ports.fakes.FixedBeneficiaryVerifier;
import payments.ports.fakes.InMemoryApiTokens;
import payments.ports.fakes.HashOnlyWalletCrypto;
import payments.ports.fakes.InMemoryCredentials;
import payments.ports.fakes.InMemorySignedRequests;
import payments.ports.fakes.InMemoryWalletSessions;
import payments.ports.fakes.InMemoryCustomers;
import payments.ports.fakes.InMemoryWalletSecrets;
import payments.ports.fakes.InMemoryExternalAccounts;
import payments.ports.fakes.InMemoryInternalAccounts;
import payments.ports.fakes.InMemoryInvitations;
import payments.ports.fakes.InMemoryJobs;
import payments.ports.fakes.InMemoryLedger;
import payments.ports.fakes.InMemoryOutbox;
import payments.ports.fakes.InMemoryPlatforms;
import payments.ports.fakes.InMemorySandboxClocks;
import payments.ports.fakes.InMemoryTransactions;
import payments.ports.fakes.InMemoryWebhookKeys;
import payments.ports.fakes.NoFundingInstructions;
import payments.ports.fakes.PlainTokenSecrets;
import payments.ports.fakes.ScriptedWebhookTransport;
import payments.ports.fakes.SequentialIds;
import payments.ports.fakes.SequentialInvitationCodes;

/** The application services wired to the in-memory fakes, plus small helpers for bodies and callers. */
final class World {
    final FakeClock clock = new FakeClock();
    final SequentialIds ids = new SequentialIds();
    final DirectTransactionRunner tx = new DirectTransactionRunner();
    final InMemoryPlatforms platforms = new InMemoryPlatforms();
    final InMemoryApiTokens apiTokens = new InMemoryApiTokens(platforms);
    final InMemoryCustomers customers = new InMemoryCustomers();
    final InMemoryLedger ledger = new InMemoryLedger();
    final InMemoryInternalAccounts internalAccounts = new InMemoryInternalAccounts(ledger);
    final InMemoryExternalAccounts externalAccounts = new InMemoryExternalAccounts();
    final PlainTokenSecrets secrets = new PlainTokenSecrets();
    final FixedBeneficiaryVerifier verifier = new FixedBeneficiaryVerifier();
    final InMemoryInvitations invitations = new InMemoryInvitations();
    final InMemorySandboxClocks sandboxClocks = new InMemorySandboxClocks();
    final PlatformClock platformClock = new PlatformClock(clock, sandboxClocks);
    final InMemoryOutbox outbox = new InMemoryOutbox();
    final Events events = new Events(outbox, platforms, platformClock, ids);
    final InMemoryTransactions transactionRows = new InMemoryTransactions();
    final AnnouncedTransactions transactions = new AnnouncedTransactions(transactionRows, events);
    final InMemoryJobs jobs = new InMemoryJobs();
    final FakeWebhookSigner signer = new FakeWebhookSigner();
    final InMemoryWebhookKeys webhookKeys = new InMemoryWebhookKeys();
    final ScriptedWebhookTransport endpoint = new ScriptedWebhookTransport();

    final InMemoryCredentials credentials = new InMemoryCredentials();
    final InMemoryWalletSecrets walletSecrets = new InMemoryWalletSecrets();
    final AccountOpening accountOpening = new AccountOpening(internalAccounts, ids);
    final EmbeddedWallets embeddedWallets = new EmbeddedWallets(internalAccounts, credentials, walletSecrets,
            new HashOnlyWalletCrypto(), ids);
    final TokenService tokens = new TokenService(apiTokens, secrets, tx, clock, ids);
    final PlatformService platformService =
            new PlatformService(platforms, tokens, accountOpening, tx, clock, ids, events);
    final CustomerService customerService =
            new CustomerService(customers, platforms, accountOpening, embeddedWallets, internalAccounts, credentials,
                    new SignedRetry(new InMemorySignedRequests(), new InMemoryWalletSessions(),
                            new HashOnlyWalletCrypto(), platformClock, ids, tx), tx, clock, ids, events);
    final InternalAccountService internalAccountService = new InternalAccountService(internalAccounts, ledger,
            new NoFundingInstructions(), tx, platformClock, ids, events);
    final ExternalAccountService externalAccountService =
            new ExternalAccountService(externalAccounts, customers, verifier, tx, clock, ids, events);
    final InvitationService invitationService = new InvitationService(invitations, customers, platforms,
            new SequentialInvitationCodes(), platformClock, tx, events);
    final WebhookKeyService webhookKeyService = new WebhookKeyService(webhookKeys, signer, platformClock, tx);
    final WebhookDelivery webhookDelivery = new WebhookDelivery(outbox, platforms, webhookKeyService, endpoint,
            platformClock, ids, tx, Duration.ofSeconds(10));
    final WebhookService webhookService = new WebhookService(outbox, webhookDelivery, platforms, platformClock, tx);
    final IncomingPayments incomingPayments = new IncomingPayments(transactions, ledger, jobs, platforms,
            webhookDelivery, platformClock, ids, tx);

    /** A platform stored directly (no accounts, no token), on UMA domain {@code umaDomain}. */
    Platform platform(Environment environment, String umaDomain, String... currencies) {
        var now = clock.now();
        Platform p = new Platform(new PlatformId(ids.newId()), "Platform " + umaDomain, environment,
                PlatformConfig.initial(umaDomain, List.of(currencies)), now, now);
        platforms.insert(p);
        return p;
    }

    /** A sandbox platform on acme.example with USD and EUR whose webhooks go to {@code url}. */
    Platform sandboxWithEndpoint(String url) {
        Platform p = sandbox();
        Platform configured = p.withConfig(new PlatformConfig(p.config().umaDomain(), null, url,
                p.config().supportedCurrencies(), false, null, null, List.of()), p.updatedAt());
        platforms.update(configured);
        return configured;
    }

    /** A sandbox platform on acme.example with USD and EUR. */
    Platform sandbox() {
        return platform(Environment.SANDBOX, "acme.example", "USD", "EUR");
    }

    Caller caller(Platform platform, Permission... permissions) {
        var set = permissions.length == 0 ? EnumSet.allOf(Permission.class)
                : EnumSet.copyOf(Arrays.asList(permissions));
        return new Caller(platform.id(), platform.environment(), new TokenId(ids.newId()), set);
    }

    /** A mutable JSON object from alternating names and values (as the HTTP adapter's JSON parser gives). */
    static Map<String, Object> json(Object... namesAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return m;
    }

    static Map<String, Object> address() {
        return json("line1", "1 Main St", "postalCode", "94105", "country", "US");
    }

    static Map<String, Object> individual(Object... more) {
        Map<String, Object> body = json("customerType", "INDIVIDUAL", "fullName", "Jane Doe",
                "birthDate", "1990-01-31", "address", address());
        body.putAll(json(more));
        return body;
    }

    static Map<String, Object> businessInfo(Object... more) {
        Map<String, Object> info = json("legalName", "Acme Corp", "country", "US", "incorporatedOn", "2010-05-01",
                "taxId", "12-3456789", "doingBusinessAs", "Acme");
        info.putAll(json(more));
        return info;
    }

    static Map<String, Object> business(Object... more) {
        Map<String, Object> body = json("customerType", "BUSINESS", "businessInfo", businessInfo());
        body.putAll(json(more));
        return body;
    }

    /** The field names of an {@code INVALID_INPUT} error's details. */
    @SuppressWarnings("unchecked")
    static List<String> fields(DomainError e) {
        Object errors = e.details().get("errors");
        if (errors == null) {
            return List.of();
        }
        return ((List<Map<String, Object>>) errors).stream().map(m -> (String) m.get("field")).toList();
    }

    /** Updates a customer where no wallet signature is involved (the signed path is tested over HTTP). */
    payments.core.customer.Customer updateCustomer(payments.core.platform.Caller caller,
                                                   payments.core.common.CustomerId id, Object body) {
        var outcome = customerService.update(caller, id, body,
                new SignedRetry.Signed("PATCH", "/customers/" + id, new byte[0], null, null));
        return ((SignedRetry.Done<payments.core.customer.Customer>) outcome).value();
    }
}
