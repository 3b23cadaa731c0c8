package payments.app;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import payments.adapter.crypto.BouncyCastleWalletCrypto;
import payments.adapter.crypto.EcdsaWebhookSigner;
import payments.adapter.crypto.NimbusOidcTokens;
import payments.adapter.crypto.SecureRandomInvitationCodes;
import payments.adapter.crypto.Sha256TokenSecrets;
import payments.adapter.crypto.WebAuthn4jPasskeys;
import payments.adapter.http.AccountRoutes;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.CustomerRoutes;
import payments.adapter.http.FxRoutes;
import payments.adapter.http.HttpWebhookTransport;
import payments.adapter.http.InvitationRoutes;
import payments.adapter.http.MoneyMovementRoutes;
import payments.adapter.http.PlatformRoutes;
import payments.adapter.http.QuoteRoutes;
import payments.adapter.http.Router;
import payments.adapter.http.SandboxRoutes;
import payments.adapter.http.WalletRoutes;
import payments.adapter.http.WebhookRoutes;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JooqApiTokens;
import payments.adapter.persistence.JooqCustomers;
import payments.adapter.persistence.JooqExternalAccounts;
import payments.adapter.persistence.JooqIdempotencyKeys;
import payments.adapter.persistence.JooqInternalAccounts;
import payments.adapter.persistence.JooqInvitations;
import payments.adapter.persistence.JooqJobs;
import payments.adapter.persistence.JooqLedger;
import payments.adapter.persistence.JooqLedgerAudit;
import payments.adapter.persistence.JooqLookups;
import payments.adapter.persistence.JooqPlatforms;
import payments.adapter.persistence.JooqQuotes;
import payments.adapter.persistence.JooqSandboxClocks;
import payments.adapter.persistence.JooqServiceSettings;
import payments.adapter.persistence.JooqTransactions;
import payments.adapter.persistence.JooqWallets;
import payments.adapter.persistence.JooqWebhookEvents;
import payments.adapter.persistence.JooqWebhookKeys;
import payments.adapter.sandbox.LogOnlyOtpSender;
import payments.adapter.sandbox.SandboxBeneficiaryVerifier;
import payments.adapter.sandbox.SandboxDiscoveries;
import payments.adapter.sandbox.SandboxFundingInstructions;
import payments.adapter.sandbox.SandboxFxRates;
import payments.adapter.sandbox.SandboxPaymentRail;
import payments.adapter.sandbox.SandboxPayoutRail;
import payments.adapter.sandbox.SandboxUmaNetwork;
import payments.ports.account.AccountOpening;
import payments.ports.transaction.AnnouncedTransactions;
import payments.ports.uma.ApprovalDeadlineJob;
import payments.ports.customer.CustomerService;
import payments.ports.fx.DiscoveryService;
import payments.ports.wallet.EmbeddedWallets;
import payments.ports.webhook.Events;
import payments.ports.fx.ExchangeRateService;
import payments.ports.externalaccount.ExternalAccountService;
import payments.ports.batch.IdempotencyService;
import payments.ports.batch.IdempotentBatch;
import payments.ports.uma.IncomingPayments;
import payments.ports.uma.IncomingUmaService;
import payments.ports.account.InternalAccountService;
import payments.ports.uma.InvitationService;
import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.fx.PlatformFees;
import payments.ports.platform.PlatformService;
import payments.ports.quote.QuoteCreationBatch;
import payments.ports.quote.QuoteExecution;
import payments.ports.quote.QuoteExecutionBatch;
import payments.ports.quote.QuoteExpiry;
import payments.ports.quote.QuotePayoutJob;
import payments.ports.quote.QuoteService;
import payments.ports.quote.ReceiverLookupService;
import payments.ports.sandbox.ReconciliationService;
import payments.ports.sandbox.SandboxClockService;
import payments.ports.wallet.SignedRetry;
import payments.ports.platform.TokenService;
import payments.ports.transaction.TransactionService;
import payments.ports.transfer.TransferOutBatch;
import payments.ports.transfer.TransferOutcomeJob;
import payments.ports.transfer.TransferService;
import payments.ports.wallet.WalletAuthService;
import payments.ports.wallet.WalletService;
import payments.ports.wallet.WalletSessionService;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.webhook.WebhookKeyService;
import payments.ports.webhook.WebhookService;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;

/** The composition root: which adapter serves which port, and which routes the HTTP API has. */
final class Wiring {
    final TokenService tokens;
    final PlatformService platforms;
    final CustomerService customers;
    final InternalAccountService internalAccounts;
    final ExternalAccountService externalAccounts;
    final TransferService transfers;
    final TransactionService transactions;
    final IdempotencyService idempotency;
    final TransferOutBatch transferOuts;
    final QuoteCreationBatch quoteCreations;
    final QuoteExecutionBatch quoteExecutions;
    final JobRunner jobs;
    final QuoteExpiry quoteExpiry;
    final SandboxClockService sandboxClock;
    final ReconciliationService reconciliation;
    final ReceiverLookupService receiverLookups;
    final QuoteService quotes;
    final QuoteExecution quoteExecution;
    final IncomingUmaService incomingUma;
    final InvitationService invitations;
    final ExchangeRateService exchangeRates;
    final DiscoveryService discoveries;
    final WebhookKeyService webhookKeys;
    final WebhookDelivery webhookDelivery;
    final WebhookService webhooks;
    final WalletAuthService walletAuth;
    final WalletSessionService walletSessions;
    final WalletService wallets;
    private final Db db;

    Wiring(Db db, Clock clock, Ids ids, Config config) {
        this.db = db;
        var platformStore = new JooqPlatforms(db);
        var customerStore = new JooqCustomers(db);
        var internalAccountStore = new JooqInternalAccounts(db);
        var externalAccountStore = new JooqExternalAccounts(db);
        var ledger = new JooqLedger(db);
        var jobStore = new JooqJobs(db, clock);
        var sandboxClocks = new JooqSandboxClocks(db);
        var platformClock = new PlatformClock(clock, sandboxClocks);
        var webhookEvents = new JooqWebhookEvents(db);
        var events = new Events(webhookEvents, platformStore, platformClock, ids);
        // Every service saves transactions through the announcing store: each change writes its webhook event.
        var transactionStore = new AnnouncedTransactions(new JooqTransactions(db), events);
        webhookKeys = new WebhookKeyService(new JooqWebhookKeys(db), new EcdsaWebhookSigner(), platformClock, db);
        webhookDelivery = new WebhookDelivery(webhookEvents, platformStore, webhookKeys, new HttpWebhookTransport(),
                platformClock, ids, db, Duration.ofMillis(config.webhookTimeoutMillis()));
        webhooks = new WebhookService(webhookEvents, webhookDelivery, platformStore, platformClock, db);
        var incomingPayments = new IncomingPayments(transactionStore, ledger, jobStore, platformStore,
                webhookDelivery, platformClock, ids, db);
        var accountOpening = new AccountOpening(internalAccountStore, ids);
        var quoteStore = new JooqQuotes(db);
        var lookupStore = new JooqLookups(db);
        var fundingInstructions = new SandboxFundingInstructions();
        var paymentRail = new SandboxPaymentRail();
        var umaNetwork = new SandboxUmaNetwork(config.sandboxUmaDomain());
        var walletCrypto = BouncyCastleWalletCrypto.fromSeed(walletBundleKey(db, config));
        var credentialStore = new JooqWallets.CredentialStore(db);
        var sessionStore = new JooqWallets.SessionStore(db);
        var signedRetry = new SignedRetry(new JooqWallets.SignedRequestStore(db), sessionStore, walletCrypto,
                platformClock, ids, db);
        var walletSecrets = new JooqWallets.SecretStore(db);
        var embeddedWallets = new EmbeddedWallets(internalAccountStore, credentialStore, walletSecrets,
                walletCrypto, ids);
        var fxRates = new SandboxFxRates(); // also production's: there is no rate provider yet
        var platformFees = new PlatformFees(fxRates);
        tokens = new TokenService(new JooqApiTokens(db), new Sha256TokenSecrets(), db, clock, ids);
        platforms = new PlatformService(platformStore, tokens, accountOpening, db, clock, ids, events);
        customers = new CustomerService(customerStore, platformStore, accountOpening, embeddedWallets,
                internalAccountStore, credentialStore, signedRetry, db, clock, ids, events);
        internalAccounts = new InternalAccountService(internalAccountStore, ledger, fundingInstructions, db,
                platformClock, ids, events);
        externalAccounts = new ExternalAccountService(externalAccountStore, customerStore,
                new SandboxBeneficiaryVerifier(), db, clock, ids, events);
        transfers = new TransferService(internalAccountStore, externalAccountStore, customerStore, platformStore,
                ledger, paymentRail, transactionStore, jobStore, platformClock, ids, db);
        transactions = new TransactionService(transactionStore, transfers, incomingPayments, platformClock, db);
        var idempotencyKeys = new JooqIdempotencyKeys(db);
        idempotency = new IdempotencyService(idempotencyKeys, db, clock);
        var idempotentBatch = new IdempotentBatch(idempotency, idempotencyKeys, clock, db);
        var batchThreads = batchThreads();
        transferOuts = new TransferOutBatch(transfers, idempotentBatch, internalAccountStore, externalAccountStore,
                customerStore, ledger, transactionStore, platformClock, config.batchSize(),
                config.concurrentBatches(), batchThreads);
        quoteExecution = new QuoteExecution(quoteStore, transactionStore, externalAccountStore, ledger, paymentRail,
                new SandboxPayoutRail(umaNetwork), signedRetry, jobStore, platformClock, ids, db);
        quoteExecutions = new QuoteExecutionBatch(quoteExecution, idempotentBatch, quoteStore, transactionStore,
                externalAccountStore, ledger, platformClock, ids, config.batchSize(), config.concurrentQuoteBatches(),
                batchThreads);
        walletAuth = new WalletAuthService(credentialStore, sessionStore, new JooqWallets.ChallengeStore(db),
                customerStore, internalAccountStore, signedRetry, walletCrypto,
                new WebAuthn4jPasskeys(config.passkeyRpId(), Set.copyOf(config.passkeyOrigins())),
                new NimbusOidcTokens(jwksUrls(config)), new LogOnlyOtpSender(), platformClock, ids, db);
        walletSessions = new WalletSessionService(sessionStore, credentialStore, signedRetry, walletAuth,
                platformClock, db);
        wallets = new WalletService(internalAccountStore, walletSecrets, walletCrypto, signedRetry, platformClock,
                db);
        quotes = new QuoteService(quoteStore, lookupStore, transactionStore, internalAccountStore,
                externalAccountStore, customerStore, platformStore, fxRates, platformFees, fundingInstructions,
                quoteExecution, platformClock, ids, db);
        quoteCreations = new QuoteCreationBatch(quotes, idempotentBatch, internalAccountStore, externalAccountStore,
                customerStore, platformClock, config.batchSize(), config.concurrentQuoteBatches(), batchThreads);
        receiverLookups = new ReceiverLookupService(lookupStore, umaNetwork, externalAccountStore, customerStore,
                platformStore, fxRates, platformClock, ids, db);
        incomingUma = new IncomingUmaService(umaNetwork, customerStore, internalAccountStore, externalAccountStore,
                transactionStore, incomingPayments, platformClock, ids, db);
        jobs = new JobRunner(jobStore, Map.of(
                TransferOutcomeJob.KIND, new TransferOutcomeJob(transactionStore, transfers, db),
                QuotePayoutJob.KIND, new QuotePayoutJob(quoteStore, quoteExecution),
                ApprovalDeadlineJob.KIND, new ApprovalDeadlineJob(incomingPayments)), platformClock, db);
        quoteExpiry = new QuoteExpiry(quoteStore, transactionStore, platformClock, db);
        sandboxClock = new SandboxClockService(sandboxClocks, platformClock, jobs, quoteExpiry, webhookDelivery,
                db);
        reconciliation = new ReconciliationService(new JooqLedgerAudit(db));
        invitations = new InvitationService(new JooqInvitations(db), customerStore, platformStore,
                new SecureRandomInvitationCodes(), platformClock, db, events);
        exchangeRates = new ExchangeRateService(platformStore, fxRates, platformFees, platformClock);
        discoveries = new DiscoveryService(new SandboxDiscoveries());
    }

    /**
     * The group commits' threads: every batch (never run on the thread that submitted a request, which may be an I/O
     * thread), and the requests a batch left to run alone. Created on demand and kept a minute idle (daemons: they
     * never hold the process up).
     */
    private static java.util.concurrent.ExecutorService batchThreads() {
        var count = new java.util.concurrent.atomic.AtomicInteger();
        return java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "payments-batch-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The long-lived key that signs wallet bundles: configured, or generated once and shared through the DB. */
    private static byte[] walletBundleKey(Db db, Config config) {
        String hex = config.walletBundleKey() != null ? config.walletBundleKey()
                : new JooqServiceSettings(db).getOrCreate("wallet-bundle-key", () -> {
                    byte[] seed = new byte[32];
                    new SecureRandom().nextBytes(seed);
                    return HexFormat.of().formatHex(seed);
                });
        return HexFormat.of().parseHex(hex);
    }

    /** JWKS of the supported OIDC issuers, plus any configured (PAYMENTS_OIDC_ISSUERS). */
    private static Map<String, URL> jwksUrls(Config config) {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put("https://accounts.google.com", "https://www.googleapis.com/oauth2/v3/certs");
        urls.put("accounts.google.com", "https://www.googleapis.com/oauth2/v3/certs");
        urls.put("https://appleid.apple.com", "https://appleid.apple.com/auth/keys");
        urls.putAll(config.oidcIssuers());
        Map<String, URL> parsed = new LinkedHashMap<>();
        urls.forEach((issuer, url) -> {
            try {
                parsed.put(issuer, URI.create(url).toURL());
            } catch (MalformedURLException | IllegalArgumentException e) {
                throw new Config.Invalid("PAYMENTS_OIDC_ISSUERS must name JWKS URLs, got " + url);
            }
        });
        return parsed;
    }

    Db db() {
        return db;
    }

    /** Every route of the API; a new endpoint is registered by its resource's routes class. */
    ApiHandler httpApi() {
        Router router = new Router();
        new PlatformRoutes(platforms, tokens, webhookKeys).register(router);
        new CustomerRoutes(customers).register(router);
        new AccountRoutes(internalAccounts, externalAccounts, idempotency).register(router);
        new MoneyMovementRoutes(transfers, transactions, idempotency, transferOuts).register(router);
        new SandboxRoutes(sandboxClock, reconciliation).register(router);
        new QuoteRoutes(receiverLookups, quotes, quoteExecution, incomingUma, quoteCreations, quoteExecutions,
                idempotency).register(router);
        new InvitationRoutes(invitations).register(router);
        new WalletRoutes(walletAuth, walletSessions, wallets, internalAccounts).register(router);
        new FxRoutes(exchangeRates, discoveries).register(router);
        new WebhookRoutes(webhooks, webhookKeys).register(router);
        return new ApiHandler(router, tokens::authenticate, tokens::authenticateRemembered);
    }
}
