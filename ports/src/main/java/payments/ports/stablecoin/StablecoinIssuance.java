package payments.ports.stablecoin;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.error.InvalidFields;
import payments.core.money.Currencies;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.stablecoin.IssuanceStatus;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ServiceOperationsStatus;
import payments.core.stablecoin.Stablecoin;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.stablecoin.StablecoinProvider;
import payments.ports.driven.stablecoin.StablecoinProvider.RegisteredToken;
import payments.ports.driven.stablecoin.StablecoinProvider.TokenProgress;
import payments.ports.driven.stablecoin.Stablecoins;
import payments.ports.time.JobRunner;

/**
 * A coin's registration and its way to service operations, by durable jobs of this kind: the provider is asked how
 * its review stands until it is final; a PROVISIONED coin then waits for the service's approval
 * (PENDING_APPROVAL), is enabled (ENABLING) and gets its service currency (ENABLED), a step a minute apart. Only
 * sandbox platforms' coins are approved, by the service itself, when their symbol is a currency the service knows
 * with the token's decimals and no other coin of the platform holds it; any other coin waits for an approval the
 * service offers no route for yet.
 */
public final class StablecoinIssuance implements JobRunner.Handler {
    public static final String KIND = "STABLECOIN_ISSUANCE";
    /** Seconds between the steps of the service's own approval and enabling. */
    static final long ENABLEMENT_STEP_SECONDS = 60;

    private final Stablecoins coins;
    private final ProviderLinks links;
    private final StablecoinProvider provider;
    private final Jobs jobs;
    private final Ids ids;
    private final TransactionRunner tx;

    public StablecoinIssuance(Stablecoins coins, ProviderLinks links, StablecoinProvider provider, Jobs jobs, Ids ids,
                              TransactionRunner tx) {
        this.coins = coins;
        this.links = links;
        this.provider = provider;
        this.jobs = jobs;
        this.ids = ids;
        this.tx = tx;
    }

    /**
     * Registers the token with the provider through the chosen link and records the coin, PENDING_REVIEW; 400
     * naming {@code providerTokenIdentifier} for a token the service cannot count in whole cents of its fiat.
     */
    Stablecoin register(Caller caller, RegisterStablecoin command, Instant now) {
        ProviderAccount link = links.choose(caller, command.providerAccountId());
        RegisteredToken registered = provider.registerToken(links.access(link), command.providerTokenIdentifier(),
                command.network(), command.networkTokenIdentifier(), now);
        Stablecoin.Token token = registered.token();
        if (!token.isCountable()) {
            throw InvalidFields.of("providerTokenIdentifier", "names a token pegged to " + token.baseCurrency()
                    + " with " + token.decimals() + " decimals, which the service cannot count in whole minor units "
                    + "of its currency");
        }
        Stablecoin coin = new Stablecoin(ids.newId(), caller.platformId(), link.id(), token, command.network(),
                command.networkTokenIdentifier(), command.providerTokenIdentifier(), IssuanceStatus.PENDING_REVIEW,
                ServiceOperationsStatus.NOT_ENABLED, null, caller.environment(), registered.reference(), now, now);
        coins.insert(coin);
        schedule(coin, registered.nextCheckSeconds(), now);
        return coin;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        tx.inTransaction(() -> {
            UUID id = UUID.fromString((String) job.payload().get("stablecoinId"));
            Stablecoin coin = coins.findForUpdate(job.platform(), id).orElseThrow();
            Stablecoin next = coin.issuanceStatus().isFinal() ? enablement(coin, now) : issuance(coin, now);
            if (!next.equals(coin)) {
                coins.update(next);
            }
        });
    }

    /** The provider's review, asked again until final; a PROVISIONED coin goes on to the service's approval. */
    private Stablecoin issuance(Stablecoin coin, Instant now) {
        TokenProgress progress = provider.tokenStatus(links.access(coin.platformId(), coin.providerAccountId()),
                coin.providerReference(), now);
        Stablecoin next = progress.status() == coin.issuanceStatus() ? coin
                : coin.withIssuance(progress.status(), now);
        if (next.issuanceStatus() == IssuanceStatus.PROVISIONED) {
            next = next.withServiceOperations(ServiceOperationsStatus.PENDING_APPROVAL, null, now);
            schedule(next, ENABLEMENT_STEP_SECONDS, now);
        } else if (!next.issuanceStatus().isFinal()) {
            schedule(next, progress.nextCheckSeconds(), now);
        }
        return next;
    }

    /** The service's approval and enabling of a provisioned coin (see the class comment). */
    private Stablecoin enablement(Stablecoin coin, Instant now) {
        return switch (coin.serviceOperationsStatus()) {
            case PENDING_APPROVAL -> {
                if (!approvable(coin)) {
                    yield coin; // waits: nothing more is scheduled
                }
                schedule(coin, ENABLEMENT_STEP_SECONDS, now);
                yield coin.withServiceOperations(ServiceOperationsStatus.ENABLING, null, now);
            }
            // Two coins of one symbol approved in the same moment: the one enabled first holds the currency (a
            // unique index backs this), the other stays ENABLING.
            case ENABLING -> coins.currencyTaken(coin.platformId(), coin.token().symbol()) ? coin
                    : coin.withServiceOperations(ServiceOperationsStatus.ENABLED, coin.token().symbol(), now);
            default -> coin;
        };
    }

    private boolean approvable(Stablecoin coin) {
        String symbol = coin.token().symbol();
        return coin.environment() == Environment.SANDBOX
                && Currencies.find(symbol).filter(c -> c.decimals() == coin.token().decimals()).isPresent()
                && !coins.currencyTaken(coin.platformId(), symbol);
    }

    private void schedule(Stablecoin coin, long afterSeconds, Instant now) {
        jobs.schedule(new Jobs.Job(coin.platformId(), ids.newId(), KIND, Map.of("stablecoinId",
                coin.id().toString()), now.plusSeconds(Math.max(1, afterSeconds)), 0));
    }
}
