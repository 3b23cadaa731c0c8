package payments.app;

import java.util.Map;
import payments.adapter.crypto.Sha256TokenSecrets;
import payments.adapter.http.AccountRoutes;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.CustomerRoutes;
import payments.adapter.http.FxRoutes;
import payments.adapter.http.MoneyMovementRoutes;
import payments.adapter.http.PlatformRoutes;
import payments.adapter.http.Router;
import payments.adapter.http.SandboxRoutes;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JooqApiTokens;
import payments.adapter.persistence.JooqCustomers;
import payments.adapter.persistence.JooqExternalAccounts;
import payments.adapter.persistence.JooqIdempotencyKeys;
import payments.adapter.persistence.JooqInternalAccounts;
import payments.adapter.persistence.JooqJobs;
import payments.adapter.persistence.JooqLedger;
import payments.adapter.persistence.JooqLedgerAudit;
import payments.adapter.persistence.JooqPlatforms;
import payments.adapter.persistence.JooqSandboxClocks;
import payments.adapter.persistence.JooqTransactions;
import payments.adapter.sandbox.SandboxBeneficiaryVerifier;
import payments.adapter.sandbox.SandboxDiscoveries;
import payments.adapter.sandbox.SandboxFundingInstructions;
import payments.adapter.sandbox.SandboxFxRates;
import payments.adapter.sandbox.SandboxPaymentRail;
import payments.ports.app.AccountOpening;
import payments.ports.app.CustomerService;
import payments.ports.app.DiscoveryService;
import payments.ports.app.ExchangeRateService;
import payments.ports.app.ExternalAccountService;
import payments.ports.app.IdempotencyService;
import payments.ports.app.InternalAccountService;
import payments.ports.app.JobRunner;
import payments.ports.app.PlatformClock;
import payments.ports.app.PlatformFees;
import payments.ports.app.PlatformService;
import payments.ports.app.ReconciliationService;
import payments.ports.app.SandboxClockService;
import payments.ports.app.TokenService;
import payments.ports.app.TransactionService;
import payments.ports.app.TransferOutcomeJob;
import payments.ports.app.TransferService;
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
    final JobRunner jobs;
    final SandboxClockService sandboxClock;
    final ReconciliationService reconciliation;
    final ExchangeRateService exchangeRates;
    final DiscoveryService discoveries;
    private final Db db;

    Wiring(Db db, Clock clock, Ids ids) {
        this.db = db;
        var platformStore = new JooqPlatforms(db);
        var customerStore = new JooqCustomers(db);
        var internalAccountStore = new JooqInternalAccounts(db);
        var externalAccountStore = new JooqExternalAccounts(db);
        var transactionStore = new JooqTransactions(db);
        var ledger = new JooqLedger(db);
        var jobStore = new JooqJobs(db);
        var sandboxClocks = new JooqSandboxClocks(db);
        var platformClock = new PlatformClock(clock, sandboxClocks);
        var accountOpening = new AccountOpening(internalAccountStore, ids);
        tokens = new TokenService(new JooqApiTokens(db), new Sha256TokenSecrets(), db, clock, ids);
        platforms = new PlatformService(platformStore, tokens, accountOpening, db, clock, ids);
        customers = new CustomerService(customerStore, platformStore, accountOpening, db, clock, ids);
        internalAccounts = new InternalAccountService(internalAccountStore, ledger, new SandboxFundingInstructions(),
                db, clock, ids);
        externalAccounts = new ExternalAccountService(externalAccountStore, customerStore,
                new SandboxBeneficiaryVerifier(), db, clock, ids);
        transfers = new TransferService(internalAccountStore, externalAccountStore, customerStore, platformStore,
                ledger, new SandboxPaymentRail(), transactionStore, jobStore, platformClock, ids, db);
        transactions = new TransactionService(transactionStore, transfers, platformClock, db);
        idempotency = new IdempotencyService(new JooqIdempotencyKeys(db), db, clock);
        jobs = new JobRunner(jobStore, Map.of(
                TransferOutcomeJob.KIND, new TransferOutcomeJob(transactionStore, transfers, db)), platformClock, db);
        sandboxClock = new SandboxClockService(sandboxClocks, platformClock, jobs, db);
        reconciliation = new ReconciliationService(new JooqLedgerAudit(db));
        var fxRates = new SandboxFxRates(); // also production's: there is no rate provider yet
        exchangeRates = new ExchangeRateService(platformStore, fxRates, new PlatformFees(fxRates), platformClock);
        discoveries = new DiscoveryService(new SandboxDiscoveries());
    }

    Db db() {
        return db;
    }

    /** Every route of the API; a new endpoint is registered by its resource's routes class. */
    ApiHandler httpApi() {
        Router router = new Router();
        new PlatformRoutes(platforms, tokens).register(router);
        new CustomerRoutes(customers).register(router);
        new AccountRoutes(internalAccounts, externalAccounts).register(router);
        new MoneyMovementRoutes(transfers, transactions, idempotency).register(router);
        new SandboxRoutes(sandboxClock, reconciliation).register(router);
        new FxRoutes(exchangeRates, discoveries).register(router);
        return new ApiHandler(router, tokens::authenticate);
    }
}
