package payments.app;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import payments.adapter.bank.BankFundingInstructions;
import payments.adapter.bank.BankPaymentRail;
import payments.adapter.bank.BankPayoutRail;
import payments.adapter.bank.DirectoryBankFiles;
import payments.adapter.bank.iso20022.Iso20022Messages;
import payments.adapter.crypto.BouncyCastleWalletCrypto;
import payments.adapter.crypto.EcdsaWebhookSigner;
import payments.adapter.crypto.NimbusOidcTokens;
import payments.adapter.crypto.SecureRandomInvitationCodes;
import payments.adapter.crypto.Sha256TokenSecrets;
import payments.adapter.crypto.WebAuthn4jPasskeys;
import payments.adapter.http.webhook.DnsHostAddresses;
import payments.adapter.http.webhook.HttpWebhookTransport;
import payments.adapter.metrics.BacklogGauges;
import payments.adapter.metrics.ServiceMetrics;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JooqServiceHealth;
import payments.adapter.persistence.JooqServiceSettings;
import payments.adapter.persistence.agent.JooqAgentActions;
import payments.adapter.persistence.agent.JooqAgentDeviceCodes;
import payments.adapter.persistence.agent.JooqAgents;
import payments.adapter.persistence.bankrail.JooqBankRails;
import payments.adapter.persistence.card.JooqCardReveals;
import payments.adapter.persistence.card.JooqCardTransactions;
import payments.adapter.persistence.card.JooqCards;
import payments.adapter.persistence.card.JooqDelegatedKeys;
import payments.adapter.persistence.compliance.JooqBeneficialOwners;
import payments.adapter.persistence.compliance.JooqBulkImports;
import payments.adapter.persistence.compliance.JooqContactCodes;
import payments.adapter.persistence.compliance.JooqDocuments;
import payments.adapter.persistence.compliance.JooqKycLinks;
import payments.adapter.persistence.compliance.JooqVerifications;
import payments.adapter.persistence.ledger.JooqLedger;
import payments.adapter.persistence.ledger.JooqLedgerAudit;
import payments.adapter.persistence.secret.SecretBox;
import payments.adapter.persistence.stablecoin.JooqProviderAccounts;
import payments.adapter.persistence.stablecoin.JooqStablecoinOperations;
import payments.adapter.persistence.stablecoin.JooqStablecoins;
import payments.adapter.persistence.store.JooqApiTokens;
import payments.adapter.persistence.store.JooqCustomers;
import payments.adapter.persistence.store.JooqExternalAccounts;
import payments.adapter.persistence.store.JooqIdempotencyKeys;
import payments.adapter.persistence.store.JooqInternalAccounts;
import payments.adapter.persistence.store.JooqInvitations;
import payments.adapter.persistence.store.JooqJobs;
import payments.adapter.persistence.store.JooqLookups;
import payments.adapter.persistence.store.JooqPlatforms;
import payments.adapter.persistence.store.JooqQuotes;
import payments.adapter.persistence.store.JooqSandboxClocks;
import payments.adapter.persistence.store.JooqTransactions;
import payments.adapter.persistence.store.JooqWallets;
import payments.adapter.persistence.store.JooqWebhookEvents;
import payments.adapter.persistence.store.JooqWebhookKeys;
import payments.adapter.sandbox.LogOnlyOtpSender;
import payments.adapter.sandbox.SandboxBeneficiaryVerifier;
import payments.adapter.sandbox.SandboxCardIssuer;
import payments.adapter.sandbox.SandboxContactCodeSender;
import payments.adapter.sandbox.SandboxDiscoveries;
import payments.adapter.sandbox.SandboxFundingInstructions;
import payments.adapter.sandbox.SandboxFxRates;
import payments.adapter.sandbox.SandboxIdentityChecks;
import payments.adapter.sandbox.SandboxNetworkFees;
import payments.adapter.sandbox.SandboxPaymentRail;
import payments.adapter.sandbox.SandboxPayoutRail;
import payments.adapter.sandbox.SandboxStablecoinProvider;
import payments.adapter.sandbox.SandboxUmaNetwork;
import payments.adapter.sandbox.SandboxUmaProviders;
import payments.core.wallet.AuthMethodType;
import payments.ports.Payments;
import payments.ports.account.AccountOpening;
import payments.ports.account.AccountReads;
import payments.ports.account.InternalAccountService;
import payments.ports.account.InternalAccountUseCases;
import payments.ports.agent.AgentAuthentication;
import payments.ports.agent.AgentInstallService;
import payments.ports.agent.AgentInstallUseCases;
import payments.ports.agent.AgentService;
import payments.ports.agent.AgentUseCases;
import payments.ports.agentops.ActingAgents;
import payments.ports.agentops.ActionViews;
import payments.ports.agentops.AgentApprovalUseCases;
import payments.ports.agentops.AgentApprovals;
import payments.ports.agentops.AgentOperationsService;
import payments.ports.agentops.AgentOperationsUseCases;
import payments.ports.agentops.AgentPayments;
import payments.ports.agentops.AgentSpending;
import payments.ports.agentops.PendingActions;
import payments.ports.agentops.PolicyRates;
import payments.ports.bankrail.BankCutOffs;
import payments.ports.bankrail.BankFileSender;
import payments.ports.bankrail.BankInbox;
import payments.ports.bankrail.BankRailService;
import payments.ports.bankrail.BankRailUseCases;
import payments.ports.bankrail.BankReportEffects;
import payments.ports.batch.Batching;
import payments.ports.batch.Idempotency;
import payments.ports.batch.IdempotencyService;
import payments.ports.card.CardProvisioning;
import payments.ports.card.CardRevealUseCases;
import payments.ports.card.CardService;
import payments.ports.card.CardUseCases;
import payments.ports.card.DelegatedKeyService;
import payments.ports.card.DelegatedKeyUseCases;
import payments.ports.cardnetwork.CardNetworkService;
import payments.ports.cardnetwork.CardNetworkUseCases;
import payments.ports.cardnetwork.CardPulls;
import payments.ports.compliance.BeneficialOwnerService;
import payments.ports.compliance.BeneficialOwnerUseCases;
import payments.ports.compliance.DocumentService;
import payments.ports.compliance.DocumentUseCases;
import payments.ports.compliance.HostedKycUseCases;
import payments.ports.compliance.KycLinkService;
import payments.ports.compliance.KycLinkUseCases;
import payments.ports.compliance.VerificationService;
import payments.ports.compliance.VerificationSteps;
import payments.ports.compliance.VerificationSubjects;
import payments.ports.compliance.VerificationUseCases;
import payments.ports.crypto.VaspService;
import payments.ports.crypto.VaspUseCases;
import payments.ports.crypto.WithdrawalFeeService;
import payments.ports.crypto.WithdrawalFeeUseCases;
import payments.ports.customer.BulkImportService;
import payments.ports.customer.BulkImportSteps;
import payments.ports.customer.BulkImportUseCases;
import payments.ports.customer.ContactVerificationService;
import payments.ports.customer.ContactVerificationUseCases;
import payments.ports.customer.CustomerAccounts;
import payments.ports.customer.CustomerService;
import payments.ports.customer.CustomerUseCases;
import payments.ports.customer.EndUserTermsUseCases;
import payments.ports.customer.TiedContactChange;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.externalaccount.ExternalAccountService;
import payments.ports.externalaccount.ExternalAccountUseCases;
import payments.ports.fx.DiscoveryService;
import payments.ports.fx.DiscoveryUseCases;
import payments.ports.fx.ExchangeRateService;
import payments.ports.fx.ExchangeRateUseCases;
import payments.ports.health.HealthService;
import payments.ports.health.HealthUseCases;
import payments.ports.platform.Authentication;
import payments.ports.platform.PlatformService;
import payments.ports.platform.PlatformUseCases;
import payments.ports.platform.TokenService;
import payments.ports.platform.TokenUseCases;
import payments.ports.quote.QuoteCreation;
import payments.ports.quote.QuoteExecution;
import payments.ports.quote.QuoteExpiry;
import payments.ports.quote.QuoteFunding;
import payments.ports.quote.QuotePayouts;
import payments.ports.quote.QuotePreparation;
import payments.ports.quote.QuoteService;
import payments.ports.quote.QuoteUseCases;
import payments.ports.quote.ReceiverLookupService;
import payments.ports.quote.ReceiverLookupUseCases;
import payments.ports.quote.SendingCurrency;
import payments.ports.sandbox.ReconciliationService;
import payments.ports.sandbox.ReconciliationUseCases;
import payments.ports.sandbox.SandboxClockService;
import payments.ports.sandbox.SandboxClockUseCases;
import payments.ports.stablecoin.OperationProgress;
import payments.ports.stablecoin.ProviderLinks;
import payments.ports.stablecoin.StablecoinIssuance;
import payments.ports.stablecoin.StablecoinOrders;
import payments.ports.stablecoin.StablecoinService;
import payments.ports.stablecoin.StablecoinUseCases;
import payments.ports.time.JobRunner;
import payments.ports.time.PlatformClock;
import payments.ports.transaction.AnnouncedTransactions;
import payments.ports.transaction.TransactionService;
import payments.ports.transaction.TransactionUseCases;
import payments.ports.transfer.TransferIns;
import payments.ports.transfer.TransferOutcomes;
import payments.ports.transfer.TransferOuts;
import payments.ports.transfer.TransferService;
import payments.ports.transfer.TransferUseCases;
import payments.ports.uma.IncomingPayments;
import payments.ports.uma.IncomingUmaService;
import payments.ports.uma.IncomingUmaUseCases;
import payments.ports.uma.InvitationService;
import payments.ports.uma.InvitationUseCases;
import payments.ports.uma.UmaProviderService;
import payments.ports.uma.UmaProviderUseCases;
import payments.ports.uma.UmaReceivers;
import payments.ports.wallet.CredentialSessions;
import payments.ports.wallet.EmbeddedWallets;
import payments.ports.wallet.SignedRetry;
import payments.ports.wallet.WalletAccounts;
import payments.ports.wallet.WalletService;
import payments.ports.wallet.WalletSessionService;
import payments.ports.wallet.WalletSessionUseCases;
import payments.ports.wallet.WalletUseCases;
import payments.ports.walletauth.OauthCredentials;
import payments.ports.walletauth.OtpCodes;
import payments.ports.walletauth.OtpCredentials;
import payments.ports.walletauth.PasskeyCredentials;
import payments.ports.walletauth.WalletAuthService;
import payments.ports.walletauth.WalletAuthUseCases;
import payments.ports.webhook.Events;
import payments.ports.webhook.WebhookDelivery;
import payments.ports.webhook.WebhookEndpoints;
import payments.ports.webhook.WebhookKeyService;
import payments.ports.webhook.WebhookKeyUseCases;
import payments.ports.webhook.WebhookService;
import payments.ports.webhook.WebhookUseCases;

/**
 * The composition root: which adapter serves which driven port, and the services that implement the driving ports
 * ({@link Payments}), which the HTTP API and the workers use.
 */
final class Wiring implements Payments {

    final PlatformService platforms;
    final TokenService tokens;
    final IdempotencyService idempotency;
    final JobRunner jobs;
    final QuoteExpiry quoteExpiry;
    final WebhookDelivery webhookDelivery;
    final ReconciliationService reconciliation;
    final BankRailService bankRails;
    final BankInbox bankInbox;
    /** A reader of the bank's reports from other folders, or through another transaction runner (tests). */
    final BiFunction<BankFiles, TransactionRunner, BankInbox> inboxReader;
    private final CustomerService customers;
    private final ContactVerificationService contactVerification;
    private final EndUserTermsUseCases endUserTerms;
    private final BulkImportService bulkImports;
    private final BeneficialOwnerService beneficialOwners;
    private final VerificationService verifications;
    private final DocumentService documents;
    private final KycLinkService kycLinks;
    private final InternalAccountService internalAccounts;
    private final ExternalAccountService externalAccounts;
    private final TransferService transfers;
    private final TransactionService transactions;
    private final QuoteService quotes;
    private final ReceiverLookupService receiverLookups;
    private final ExchangeRateService exchangeRates;
    private final DiscoveryService discoveries;
    private final UmaProviderService umaProviders;
    private final VaspService vasps;
    private final WithdrawalFeeService withdrawalFees;
    private final IncomingUmaService incomingUma;
    private final InvitationService invitations;
    private final WalletAuthService walletAuth;
    private final WalletSessionService walletSessions;
    private final WalletService wallets;
    private final WebhookService webhooks;
    private final WebhookKeyService webhookKeys;
    private final SandboxClockService sandboxClock;
    private final HealthService health;
    private final ExecutorService batchThreads;
    private final HttpWebhookTransport webhookTransport;
    private final Db db;
    private final AgentService agents;
    private final AgentInstallService agentInstall;
    private final AgentApprovals agentApprovals;
    private final AgentOperationsService agentOperations;
    private final CardService cards;
    private final CardNetworkService cardNetwork;
    private final DelegatedKeyService delegatedKeys;
    private final StablecoinService stablecoins;

    Wiring(Db db, Clock clock, Ids ids, Config config, ServiceMetrics metrics, SecretBox box) {
        this.db = db;
        var platformStore = new JooqPlatforms(db);
        var customerStore = new JooqCustomers(db);
        var internalAccountStore = new JooqInternalAccounts(db);
        var externalAccountStore = new JooqExternalAccounts(db);
        var accountReads = new AccountReads(internalAccountStore, externalAccountStore, customerStore);
        var ledger = new JooqLedger(db);
        var jobStore = new JooqJobs(db, clock);
        var sandboxClocks = new JooqSandboxClocks(db);
        var platformClock = new PlatformClock(clock, sandboxClocks);
        var webhookEvents = new JooqWebhookEvents(db);
        var events = new Events(webhookEvents, platformStore, platformClock, ids);
        // Every service saves transactions through the announcing store: each change writes its webhook event.
        var agentStore = new JooqAgents(db);
        var agentActionStore = new JooqAgentActions(db);
        // Agents' payments pass their budgets inside each payment's own transaction (and a failed one gives back).
        var spending = new AgentSpending(agentStore, agentActionStore);
        var transactionStore = new AnnouncedTransactions(new JooqTransactions(db), events, spending);
        var idempotencyKeys = new JooqIdempotencyKeys(db);
        batchThreads = batchThreads(config.batches().threads());
        var batching = new Batching(idempotencyKeys, clock, db, config.batches().size(),
                config.batches().concurrent(), config.batches().queue(), batchThreads, metrics);
        var quoteBatching = batching.withMaxConcurrent(config.batches().concurrentQuotes());

        webhookKeys = new WebhookKeyService(new JooqWebhookKeys(db, box), new EcdsaWebhookSigner(), platformClock, db);
        webhookTransport = new HttpWebhookTransport(config.webhooks().calls(), config.webhookPolicy());
        webhookDelivery = new WebhookDelivery(webhookEvents, platformStore, webhookKeys, webhookTransport,
                platformClock, ids, db, new WebhookDelivery.Limits(
                        Duration.ofMillis(config.webhooks().timeoutMillis()), config.webhooks().perEndpoint()));
        webhooks = new WebhookService(webhookEvents, webhookDelivery, platformStore, platformClock, db);
        idempotency = new IdempotencyService(idempotencyKeys, db, clock);

        var accountOpening = new AccountOpening(internalAccountStore, ids);
        var bankRailStore = new JooqBankRails(db);
        // A currency the operator sends through its platform's bank is paid into that bank; any other, the sandbox's.
        var fundingInstructions = new BankFundingInstructions(bankRailStore, new SandboxFundingInstructions());
        var walletCrypto = BouncyCastleWalletCrypto.fromSeed(walletBundleKey(new JooqServiceSettings(db, box), config));
        var credentialStore = new JooqWallets.CredentialStore(db);
        var sessionStore = new JooqWallets.SessionStore(db);
        var challengeStore = new JooqWallets.ChallengeStore(db);
        var walletSecrets = new JooqWallets.SecretStore(db, box);
        var signedRetry = new SignedRetry(new JooqWallets.SignedRequestStore(db), sessionStore, walletCrypto,
                platformClock, ids, db);
        var credentialSessions = new CredentialSessions(credentialStore, sessionStore, walletCrypto, platformClock,
                ids, db);
        var walletAccounts = new WalletAccounts(internalAccountStore, customerStore);
        var otpCodes = new OtpCodes(challengeStore, walletCrypto, new LogOnlyOtpSender());
        var tokenSecrets = new Sha256TokenSecrets();
        tokens = new TokenService(new JooqApiTokens(db), tokenSecrets, db, clock, ids);
        platforms = new PlatformService(platformStore, tokens, accountOpening, db, clock, ids, events,
                new WebhookEndpoints(config.webhookPolicy(), new DnsHostAddresses()));
        customers = new CustomerService(customerStore, platformStore, new CustomerAccounts(accountOpening,
                new EmbeddedWallets(internalAccountStore, credentialStore, walletSecrets, walletCrypto, ids)),
                new TiedContactChange(internalAccountStore, credentialStore, signedRetry), db, clock, ids, events);
        internalAccounts = new InternalAccountService(internalAccountStore, ledger, fundingInstructions, db,
                platformClock, ids, events);
        externalAccounts = new ExternalAccountService(externalAccountStore, customerStore,
                new SandboxBeneficiaryVerifier(), db, clock, ids, events);
        walletAuth = new WalletAuthService(credentialStore, walletAccounts, credentialSessions, signedRetry, List.of(
                new OtpCredentials(AuthMethodType.EMAIL_OTP, otpCodes, signedRetry, credentialSessions,
                        platformClock, ids, db),
                new OtpCredentials(AuthMethodType.SMS_OTP, otpCodes, signedRetry, credentialSessions,
                        platformClock, ids, db),
                new OauthCredentials(new NimbusOidcTokens(jwksUrls(config)), walletCrypto, credentialSessions,
                        platformClock),
                new PasskeyCredentials(new WebAuthn4jPasskeys(config.passkeyRpId(),
                        Set.copyOf(config.passkeyOrigins())), challengeStore, credentialStore, walletCrypto,
                        credentialSessions, platformClock, ids, db)),
                platformClock, ids, db);
        walletSessions = new WalletSessionService(sessionStore, credentialStore, credentialSessions, signedRetry,
                walletCrypto, platformClock, db);
        wallets = new WalletService(internalAccountStore, walletAccounts, internalAccounts, walletSecrets,
                walletCrypto, signedRetry, platformClock, db);

        // A currency the operator sends through its platform's bank goes there; any other, to the sandbox's rails.
        var paymentRail = new BankPaymentRail(bankRailStore, new SandboxPaymentRail());
        var umaNetwork = new SandboxUmaNetwork(config.sandboxUmaDomain());
        var fxRates = new SandboxFxRates(); // also production's: there is no rate provider yet
        var quoteStore = new JooqQuotes(db);
        var lookupStore = new JooqLookups(db);
        var transferOutcomes = new TransferOutcomes(paymentRail, ledger, jobStore, transactionStore, ids, db);
        transfers = new TransferService(new TransferIns(accountReads, platformStore, transactionStore,
                transferOutcomes, platformClock, ids, db, spending), new TransferOuts(accountReads, platformStore,
                ledger, transactionStore, transferOutcomes, platformClock, ids, spending), batching);
        var incomingPayments = new IncomingPayments(transactionStore, ledger, jobStore, platformStore,
                webhookDelivery, platformClock, ids, db);
        var cardTransactionStore = new JooqCardTransactions(db);
        transactions = new TransactionService(transactionStore, cardTransactionStore, transferOutcomes,
                incomingPayments, platformClock, db);
        var quotePayouts = new QuotePayouts(new BankPayoutRail(bankRailStore, new SandboxPayoutRail(umaNetwork)),
                ledger, jobStore, quoteStore, transactionStore, ids);
        var quoteExecution = new QuoteExecution(quoteStore, transactionStore, externalAccountStore,
                new QuoteFunding(ledger, paymentRail, ids, spending), quotePayouts, signedRetry, platformClock, db);
        quotes = new QuoteService(new QuoteCreation(accountReads, new QuotePreparation(lookupStore, platformStore,
                fxRates, fundingInstructions, ids), quoteStore, transactionStore, quoteExecution, platformClock),
                quoteExecution, quoteStore, platformClock, quoteBatching);
        receiverLookups = new ReceiverLookupService(lookupStore, umaNetwork, externalAccountStore,
                new SendingCurrency(customerStore, platformStore), fxRates, platformClock, ids, db);
        incomingUma = new IncomingUmaService(umaNetwork, new UmaReceivers(customerStore, internalAccountStore,
                externalAccountStore), transactionStore, incomingPayments, platformClock, ids, db);
        invitations = new InvitationService(new JooqInvitations(db), customerStore, platformStore,
                new SecureRandomInvitationCodes(), platformClock, db, events);
        contactVerification = new ContactVerificationService(customerStore, new JooqContactCodes(db),
                new SandboxContactCodeSender(), tokenSecrets, db, platformClock);
        endUserTerms = EndUserTermsUseCases.publishedAt(config.endUserTermsUrl());
        var bulkImportStore = new JooqBulkImports(db);
        bulkImports = new BulkImportService(bulkImportStore, jobStore, db, platformClock, ids);
        var bulkImportSteps = new BulkImportSteps(bulkImportStore, customers, customerStore, platformStore, jobStore,
                events, ids);
        var ownerStore = new JooqBeneficialOwners(db);
        var verificationStore = new JooqVerifications(db);
        beneficialOwners = new BeneficialOwnerService(ownerStore, customerStore, db, clock, ids);
        var documentStore = new JooqDocuments(db);
        documents = new DocumentService(documentStore, documentStore, customerStore, ownerStore, verificationStore, db,
                clock, ids);
        kycLinks = new KycLinkService(customerStore, new JooqKycLinks(db), tokenSecrets, verificationStore,
                events, db, platformClock, ids);
        verifications = new VerificationService(verificationStore, new VerificationSubjects(ownerStore,
                documentStore), customerStore, jobStore, events, db, platformClock, ids);
        var verificationSteps = new VerificationSteps(verificationStore, ownerStore, customerStore, platformStore,
                new SandboxIdentityChecks(), jobStore, events, ids);
        exchangeRates = new ExchangeRateService(platformStore, fxRates, platformClock);
        var policyRates = new PolicyRates(fxRates, platformClock);
        agentInstall = new AgentInstallService(agentStore, new JooqAgentDeviceCodes(db), tokenSecrets, platformClock,
                clock, db, config.deviceCodeGuesses());
        var actingAgents = new ActingAgents(agentStore, customerStore, internalAccountStore, clock);
        agents = new AgentService(agentStore, customerStore, agentInstall, policyRates, ids, db, actingAgents);
        var actionViews = new ActionViews(agentActionStore, quoteStore, transactionStore, db);
        var agentPayments = new AgentPayments(actingAgents, transfers, quotes, new PendingActions(agentActionStore,
                events, idempotency, db), actionViews, policyRates, ids, idempotency);
        agentApprovals = new AgentApprovals(agentActionStore, agentStore, agentPayments, actionViews, events,
                platformClock, db, jobStore);
        agentOperations = new AgentOperationsService(actingAgents, agentPayments, actionViews, transactions, quotes,
                internalAccounts, externalAccounts);
        discoveries = new DiscoveryService(new SandboxDiscoveries());
        var cardStore = new JooqCards(db, box);
        var cardIssuer = new SandboxCardIssuer();
        cards = new CardService(new CardService.Stores(cardStore, new JooqCardReveals(db), customerStore,
                internalAccountStore, jobStore), cardIssuer, tokenSecrets, events, db, platformClock, ids);
        var delegatedKeyStore = new JooqDelegatedKeys(db, box);
        cardNetwork = new CardNetworkService(new CardNetworkService.Stores(cardStore, cardTransactionStore,
                customerStore, delegatedKeyStore, jobStore), cardIssuer, ledger, walletCrypto, events, batching,
                platformClock, ids);
        delegatedKeys = new DelegatedKeyService(delegatedKeyStore, cardStore, signedRetry, walletCrypto, db,
                platformClock, ids);
        umaProviders = new UmaProviderService(new SandboxUmaProviders(config.sandboxUmaDomain()));
        vasps = new VaspService();
        withdrawalFees = new WithdrawalFeeService(internalAccountStore, platformStore, fxRates,
                new SandboxNetworkFees(), platformClock);
        var stablecoinProvider = new SandboxStablecoinProvider(); // production platforms get its 501
        var coinStore = new JooqStablecoins(db);
        var coinOperationStore = new JooqStablecoinOperations(db);
        var providerAccountStore = new JooqProviderAccounts(db, box);
        var providerLinks = new ProviderLinks(providerAccountStore, stablecoinProvider, ids);
        var issuance = new StablecoinIssuance(coinStore, providerLinks, stablecoinProvider, jobStore, ids, db);
        var operationProgress = new OperationProgress(coinOperationStore, coinStore, providerLinks,
                stablecoinProvider, ledger, jobStore, ids, db);
        stablecoins = new StablecoinService(providerLinks, issuance, new StablecoinOrders(coinOperationStore,
                internalAccountStore, externalAccountStore, providerLinks, stablecoinProvider, ledger,
                operationProgress, ids), providerAccountStore, coinStore, coinOperationStore, platformClock, db);

        var bankFiles = new DirectoryBankFiles(config.bankFolders().outbox(), config.bankFolders().inbox(),
                config.bankFolders().archive());
        var bankMessages = new Iso20022Messages();
        bankRails = new BankRailService(bankRailStore, platformStore, jobStore, platformClock, ids, db);
        var bankReportEffects = new BankReportEffects(bankRailStore, transferOutcomes, quotePayouts,
                internalAccountStore, accountReads, transactionStore, platformClock, ids);
        inboxReader = (files, runner) -> new BankInbox(files, bankMessages, bankRailStore, bankReportEffects,
                platformClock, runner);
        bankInbox = inboxReader.apply(bankFiles, db);

        jobs = new JobRunner(jobStore, Map.ofEntries(
                Map.entry(TransferOutcomes.KIND, transferOutcomes),
                Map.entry(QuotePayouts.KIND, quotePayouts),
                Map.entry(IncomingPayments.DEADLINE, incomingPayments),
                Map.entry(VerificationSteps.KIND, verificationSteps),
                Map.entry(BulkImportSteps.KIND, bulkImportSteps),
                Map.entry(AgentApprovals.KIND, agentApprovals),
                Map.entry(CardProvisioning.KIND, new CardProvisioning(cardStore, cardIssuer, events)),
                Map.entry(CardPulls.KIND, new CardPulls(cardTransactionStore, ledger, jobStore, events, ids)),
                Map.entry(StablecoinIssuance.KIND, issuance),
                Map.entry(OperationProgress.KIND, operationProgress),
                Map.entry(BankCutOffs.KIND, new BankCutOffs(bankRailStore, jobStore, ids)),
                Map.entry(BankFileSender.KIND, new BankFileSender(bankRailStore, bankMessages, bankFiles, jobStore,
                        ids))),
                platformClock, db);
        quoteExpiry = new QuoteExpiry(quoteStore, transactionStore, platformClock, db);
        sandboxClock = new SandboxClockService(sandboxClocks, platformClock, jobs, quoteExpiry, webhookDelivery,
                db);
        reconciliation = new ReconciliationService(new JooqLedgerAudit(db), metrics::ledgerChecked);
        var serviceHealth = new JooqServiceHealth(db);
        health = new HealthService(serviceHealth);
        BacklogGauges.register(metrics.registry(), serviceHealth, clock);
    }

    /**
     * The group commits' threads: every batch (never run on the thread that submitted a request, which may be an I/O
     * thread), and the requests a batch left to run alone. Daemons: they never hold the process up. A transfer queue
     * hands a new leader to an idle thread that is still spinning, as a cached pool's does, where a blocking queue
     * would wake a parked one: a leader starts thousands of times a second, and a fixed pool's wake-ups cost about a
     * tenth of the peak.
     */
    private static ExecutorService batchThreads(int threads) {
        var count = new AtomicInteger();
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedTransferQueue<>(), r -> {
            Thread t = new Thread(r, "payments-batch-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The long-lived key that signs wallet bundles: configured, or generated once and shared through the DB. */
    private static byte[] walletBundleKey(JooqServiceSettings settings, Config config) {
        String hex = config.walletBundleKey() != null ? config.walletBundleKey()
                : settings.getOrCreate("wallet-bundle-key", () -> {
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

    /** Stops the batch threads once no request is left to answer. */
    void close() {
        batchThreads.shutdown();
        webhookTransport.close();
    }

    @Override
    public Authentication authentication() {
        return tokens;
    }

    @Override
    public CardUseCases cards() {
        return cards;
    }

    @Override
    public CardRevealUseCases cardReveals() {
        return cards;
    }

    @Override
    public CardNetworkUseCases cardNetwork() {
        return cardNetwork;
    }

    @Override
    public DelegatedKeyUseCases delegatedKeys() {
        return delegatedKeys;
    }

    @Override
    public AgentUseCases agents() {
        return agents;
    }

    @Override
    public AgentInstallUseCases agentInstall() {
        return agentInstall;
    }

    @Override
    public AgentAuthentication agentAuthentication() {
        return agentInstall;
    }

    @Override
    public AgentApprovalUseCases agentApprovals() {
        return agentApprovals;
    }

    @Override
    public AgentOperationsUseCases agentOperations() {
        return agentOperations;
    }

    @Override
    public StablecoinUseCases stablecoins() {
        return stablecoins;
    }

    @Override
    public BankRailUseCases bankRails() {
        return bankRails;
    }

    @Override
    public PlatformUseCases platforms() {
        return platforms;
    }

    @Override
    public TokenUseCases tokens() {
        return tokens;
    }

    @Override
    public CustomerUseCases customers() {
        return customers;
    }

    @Override
    public ContactVerificationUseCases contactVerification() {
        return contactVerification;
    }

    @Override
    public BulkImportUseCases bulkImports() {
        return bulkImports;
    }

    @Override
    public EndUserTermsUseCases endUserTerms() {
        return endUserTerms;
    }

    @Override
    public KycLinkUseCases kycLinks() {
        return kycLinks;
    }

    @Override
    public HostedKycUseCases hostedKyc() {
        return kycLinks;
    }

    @Override
    public DocumentUseCases documents() {
        return documents;
    }

    @Override
    public BeneficialOwnerUseCases beneficialOwners() {
        return beneficialOwners;
    }

    @Override
    public VerificationUseCases verifications() {
        return verifications;
    }

    @Override
    public InternalAccountUseCases internalAccounts() {
        return internalAccounts;
    }

    @Override
    public ExternalAccountUseCases externalAccounts() {
        return externalAccounts;
    }

    @Override
    public TransferUseCases transfers() {
        return transfers;
    }

    @Override
    public TransactionUseCases transactions() {
        return transactions;
    }

    @Override
    public QuoteUseCases quotes() {
        return quotes;
    }

    @Override
    public ReceiverLookupUseCases receiverLookups() {
        return receiverLookups;
    }

    @Override
    public ExchangeRateUseCases exchangeRates() {
        return exchangeRates;
    }

    @Override
    public DiscoveryUseCases discoveries() {
        return discoveries;
    }

    @Override
    public UmaProviderUseCases umaProviders() {
        return umaProviders;
    }

    @Override
    public VaspUseCases vasps() {
        return vasps;
    }

    @Override
    public WithdrawalFeeUseCases withdrawalFees() {
        return withdrawalFees;
    }

    @Override
    public IncomingUmaUseCases incomingUma() {
        return incomingUma;
    }

    @Override
    public InvitationUseCases invitations() {
        return invitations;
    }

    @Override
    public WalletAuthUseCases walletAuth() {
        return walletAuth;
    }

    @Override
    public WalletSessionUseCases walletSessions() {
        return walletSessions;
    }

    @Override
    public WalletUseCases wallets() {
        return wallets;
    }

    @Override
    public WebhookUseCases webhooks() {
        return webhooks;
    }

    @Override
    public WebhookKeyUseCases webhookKeys() {
        return webhookKeys;
    }

    @Override
    public SandboxClockUseCases sandboxClock() {
        return sandboxClock;
    }

    @Override
    public ReconciliationUseCases reconciliation() {
        return reconciliation;
    }

    @Override
    public HealthUseCases health() {
        return health;
    }

    @Override
    public Idempotency idempotency() {
        return idempotency;
    }
}
