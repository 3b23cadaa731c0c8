package payments.adapter.http.routes;

import payments.adapter.http.ApiHandler;
import payments.adapter.http.Router;
import payments.adapter.http.page.CardRevealPage;
import payments.adapter.http.page.ConsolePage;
import payments.adapter.http.page.KycPage;
import payments.adapter.http.routes.agent.AgentRoutes;
import payments.adapter.http.routes.agent.AgentSelfRoutes;
import payments.adapter.http.routes.card.CardRoutes;
import payments.adapter.http.routes.card.CardSimulatorRoutes;
import payments.adapter.http.routes.card.DelegatedKeyRoutes;
import payments.adapter.http.routes.lookup.LookupRoutes;
import payments.adapter.http.routes.stablecoin.StablecoinRoutes;
import payments.ports.Payments;

/** Every route of the API over the service's driving ports; a new endpoint is registered by its resource's routes. */
public final class HttpApi {
    private HttpApi() {
    }

    /** The request pipeline serving every route, callers authenticated by the platform's API tokens. */
    public static ApiHandler of(Payments payments) {
        Router router = new Router();
        new PlatformRoutes(payments.platforms(), payments.tokens(), payments.webhookKeys(),
                payments.bankRails()).register(router);
        new CustomerRoutes(payments.customers(), payments.contactVerification(), payments.endUserTerms(),
                payments.bulkImports())
                .register(router);
        new ComplianceRoutes(payments.beneficialOwners(), payments.verifications(), payments.kycLinks(),
                payments.idempotency()).register(router);
        new DocumentRoutes(payments.documents()).register(router);
        new AccountRoutes(payments.internalAccounts(), payments.externalAccounts(), payments.idempotency())
                .register(router);
        new MoneyMovementRoutes(payments.transfers(), payments.transactions(), payments.idempotency())
                .register(router);
        new SandboxRoutes(payments.sandboxClock(), payments.reconciliation()).register(router);
        new QuoteRoutes(payments.receiverLookups(), payments.quotes(), payments.incomingUma(), payments.idempotency())
                .register(router);
        new InvitationRoutes(payments.invitations()).register(router);
        new WalletRoutes(payments.walletAuth(), payments.walletSessions(), payments.wallets()).register(router);
        new FxRoutes(payments.exchangeRates(), payments.discoveries()).register(router);
        new LookupRoutes(payments.umaProviders(), payments.vasps(), payments.withdrawalFees()).register(router);
        new WebhookRoutes(payments.webhooks(), payments.webhookKeys()).register(router);
        new AgentRoutes(payments.agents(), payments.agentInstall(), payments.agentApprovals(),
                payments.idempotency()).register(router);
        new AgentSelfRoutes(payments.agentOperations()).register(router);
        new CardRoutes(payments.cards(), payments.idempotency()).register(router);
        new CardSimulatorRoutes(payments.cardNetwork()).register(router);
        new DelegatedKeyRoutes(payments.delegatedKeys()).register(router);
        new StablecoinRoutes(payments.stablecoins(), payments.idempotency()).register(router);
        return new ApiHandler(router, payments.authentication()::authenticate,
                payments.authentication()::authenticateRemembered).readyWhen(payments.health()::ready)
                .withPage(KycPage.PREFIX, new KycPage(payments.hostedKyc()))
                .withPage(CardRevealPage.PREFIX, new CardRevealPage(payments.cardReveals()))
                .withPage(ConsolePage.PREFIX, new ConsolePage())
                .withAgents(payments.agentAuthentication()::authenticateAgent);
    }
}
