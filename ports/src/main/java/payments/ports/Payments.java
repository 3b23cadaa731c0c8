package payments.ports;

import payments.ports.bankrail.BankRailUseCases;
import payments.ports.account.InternalAccountUseCases;
import payments.ports.agent.AgentAuthentication;
import payments.ports.agent.AgentInstallUseCases;
import payments.ports.agent.AgentUseCases;
import payments.ports.agentops.AgentApprovalUseCases;
import payments.ports.agentops.AgentOperationsUseCases;
import payments.ports.batch.Idempotency;
import payments.ports.card.CardRevealUseCases;
import payments.ports.card.CardUseCases;
import payments.ports.card.DelegatedKeyUseCases;
import payments.ports.cardnetwork.CardNetworkUseCases;
import payments.ports.compliance.BeneficialOwnerUseCases;
import payments.ports.compliance.DocumentUseCases;
import payments.ports.compliance.HostedKycUseCases;
import payments.ports.compliance.KycLinkUseCases;
import payments.ports.compliance.VerificationUseCases;
import payments.ports.crypto.VaspUseCases;
import payments.ports.crypto.WithdrawalFeeUseCases;
import payments.ports.customer.BulkImportUseCases;
import payments.ports.customer.ContactVerificationUseCases;
import payments.ports.customer.CustomerUseCases;
import payments.ports.customer.EndUserTermsUseCases;
import payments.ports.externalaccount.ExternalAccountUseCases;
import payments.ports.fx.DiscoveryUseCases;
import payments.ports.fx.ExchangeRateUseCases;
import payments.ports.health.HealthUseCases;
import payments.ports.platform.Authentication;
import payments.ports.platform.PlatformUseCases;
import payments.ports.platform.TokenUseCases;
import payments.ports.quote.QuoteUseCases;
import payments.ports.quote.ReceiverLookupUseCases;
import payments.ports.sandbox.ReconciliationUseCases;
import payments.ports.sandbox.SandboxClockUseCases;
import payments.ports.stablecoin.StablecoinUseCases;
import payments.ports.transaction.TransactionUseCases;
import payments.ports.transfer.TransferUseCases;
import payments.ports.uma.IncomingUmaUseCases;
import payments.ports.uma.InvitationUseCases;
import payments.ports.uma.UmaProviderUseCases;
import payments.ports.wallet.WalletSessionUseCases;
import payments.ports.wallet.WalletUseCases;
import payments.ports.walletauth.WalletAuthUseCases;
import payments.ports.webhook.WebhookKeyUseCases;
import payments.ports.webhook.WebhookUseCases;

/**
 * The service's driving ports, by capability: what the HTTP adapter serves, and what an application embedding the
 * core calls with the same command records. Each use case checks its caller's permission itself.
 */
public interface Payments {
    Authentication authentication();

    PlatformUseCases platforms();

    /** The bank rail: enabled by the operator for a platform's currency; each currency's rail. */
    BankRailUseCases bankRails();

    TokenUseCases tokens();

    CustomerUseCases customers();

    ContactVerificationUseCases contactVerification();

    EndUserTermsUseCases endUserTerms();

    BulkImportUseCases bulkImports();

    BeneficialOwnerUseCases beneficialOwners();

    VerificationUseCases verifications();

    DocumentUseCases documents();

    KycLinkUseCases kycLinks();

    /** The hosted verification page's side (no API token: the link's token is the credential). */
    HostedKycUseCases hostedKyc();

    InternalAccountUseCases internalAccounts();

    ExternalAccountUseCases externalAccounts();

    TransferUseCases transfers();

    TransactionUseCases transactions();

    QuoteUseCases quotes();

    ReceiverLookupUseCases receiverLookups();

    ExchangeRateUseCases exchangeRates();

    DiscoveryUseCases discoveries();

    /** The UMA providers' directory. */
    UmaProviderUseCases umaProviders();

    /** The custodians a crypto wallet account may name. */
    VaspUseCases vasps();

    /** A crypto withdrawal's fees, estimated before it is made. */
    WithdrawalFeeUseCases withdrawalFees();

    IncomingUmaUseCases incomingUma();

    InvitationUseCases invitations();

    WalletAuthUseCases walletAuth();

    WalletSessionUseCases walletSessions();

    WalletUseCases wallets();

    WebhookUseCases webhooks();

    AgentUseCases agents();

    /** Device codes issued and watched by the platform, redeemed by agent software (no API token: the code is). */
    AgentInstallUseCases agentInstall();

    /** Who calls with an agent's access token. */
    AgentAuthentication agentAuthentication();

    AgentApprovalUseCases agentApprovals();

    /** What agents do with their own access token. */
    AgentOperationsUseCases agentOperations();

    CardUseCases cards();

    /** The card reveal page's side (no API token: the link's token is the credential). */
    CardRevealUseCases cardReveals();

    /** What a card network asks of the issuer; the sandbox's simulators call it. */
    CardNetworkUseCases cardNetwork();

    /** Keys that stamp card payments from embedded wallets. */
    DelegatedKeyUseCases delegatedKeys();

    WebhookKeyUseCases webhookKeys();

    /** Provider links, registered stablecoins, their mints and burns. */
    StablecoinUseCases stablecoins();

    SandboxClockUseCases sandboxClock();

    ReconciliationUseCases reconciliation();

    HealthUseCases health();

    /** The Idempotency-Key of the money-moving requests that are not group-committed. */
    Idempotency idempotency();
}
