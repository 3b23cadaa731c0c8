package payments.app;

import payments.adapter.crypto.Sha256TokenSecrets;
import payments.adapter.http.AccountRoutes;
import payments.adapter.http.ApiHandler;
import payments.adapter.http.CustomerRoutes;
import payments.adapter.http.PlatformRoutes;
import payments.adapter.http.Router;
import payments.adapter.persistence.Db;
import payments.adapter.persistence.JooqApiTokens;
import payments.adapter.persistence.JooqCustomers;
import payments.adapter.persistence.JooqExternalAccounts;
import payments.adapter.persistence.JooqInternalAccounts;
import payments.adapter.persistence.JooqLedger;
import payments.adapter.persistence.JooqPlatforms;
import payments.adapter.sandbox.SandboxBeneficiaryVerifier;
import payments.adapter.sandbox.SandboxFundingInstructions;
import payments.ports.app.AccountOpening;
import payments.ports.app.CustomerService;
import payments.ports.app.ExternalAccountService;
import payments.ports.app.InternalAccountService;
import payments.ports.app.PlatformService;
import payments.ports.app.TokenService;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;

/** The composition root: which adapter serves which port, and which routes the HTTP API has. */
final class Wiring {
    final TokenService tokens;
    final PlatformService platforms;
    final CustomerService customers;
    final InternalAccountService internalAccounts;
    final ExternalAccountService externalAccounts;
    private final Db db;

    Wiring(Db db, Clock clock, Ids ids) {
        this.db = db;
        var platformStore = new JooqPlatforms(db);
        var customerStore = new JooqCustomers(db);
        var internalAccountStore = new JooqInternalAccounts(db);
        var accountOpening = new AccountOpening(internalAccountStore, ids);
        tokens = new TokenService(new JooqApiTokens(db), new Sha256TokenSecrets(), db, clock, ids);
        platforms = new PlatformService(platformStore, tokens, accountOpening, db, clock, ids);
        customers = new CustomerService(customerStore, platformStore, accountOpening, db, clock, ids);
        internalAccounts = new InternalAccountService(internalAccountStore, new JooqLedger(db),
                new SandboxFundingInstructions(), db, clock, ids);
        externalAccounts = new ExternalAccountService(new JooqExternalAccounts(db), customerStore,
                new SandboxBeneficiaryVerifier(), db, clock, ids);
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
        return new ApiHandler(router, tokens::authenticate);
    }
}
