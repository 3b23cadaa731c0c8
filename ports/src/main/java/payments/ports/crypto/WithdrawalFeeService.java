package payments.ports.crypto;

import java.time.Instant;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.error.InvalidInput;
import payments.core.fx.RateSource;
import payments.core.fx.WithdrawalFee;
import payments.core.fx.WithdrawalFees;
import payments.core.money.Currencies;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.crypto.NetworkFees;
import payments.ports.driven.fx.FxRates;
import payments.ports.driven.platform.Platforms;
import payments.ports.time.PlatformClock;

/**
 * {@link WithdrawalFeeUseCases}: the request's own checks first, then the account (the caller's platform's), then
 * the price from the network's fee ({@link NetworkFees}), the rates and the platform's fee configs
 * ({@link WithdrawalFees}). Reads only.
 */
public final class WithdrawalFeeService implements WithdrawalFeeUseCases {
    private final InternalAccounts accounts;
    private final Platforms platforms;
    private final FxRates rates;
    private final NetworkFees networkFees;
    private final PlatformClock clock;

    public WithdrawalFeeService(InternalAccounts accounts, Platforms platforms, FxRates rates,
                                NetworkFees networkFees, PlatformClock clock) {
        this.accounts = accounts;
        this.platforms = platforms;
        this.rates = rates;
        this.networkFees = networkFees;
        this.clock = clock;
    }

    @Override
    public WithdrawalFee estimate(Caller caller, CryptoWithdrawal withdrawal) {
        caller.require(Permission.VIEW);
        String currency = withdrawal.currency();
        WithdrawalFees.checkDestination(currency, withdrawal.network(), withdrawal.destinationAddress());
        InternalAccount account = accounts.require(caller.platformId(), withdrawal.source());
        if (!account.currency().equals(currency)) {
            throw new InvalidInput("INVALID_CURRENCY", "Internal account " + account.id() + " holds "
                    + account.currency() + ", not " + currency, Map.of("currency", account.currency()));
        }
        Platform platform = platforms.find(caller.platformId()).orElseThrow();
        Environment environment = platform.environment();
        long networkFee = networkFees.fee(environment, withdrawal.network(), currency);
        Instant now = clock.now(caller);
        RateSource at = (sending, receiving) -> rates.rate(environment, sending, receiving, now);
        return WithdrawalFees.estimate(platform.config(), rates.providerFees(environment, currency, currency),
                Currencies.of(currency), withdrawal.amount(), withdrawal.network(), networkFee, at);
    }
}
