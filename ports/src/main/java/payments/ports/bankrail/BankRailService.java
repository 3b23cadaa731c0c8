package payments.ports.bankrail;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.BankRailRules;
import payments.core.bankrail.DebtorAccount;
import payments.core.error.NotFound;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.ports.driven.Ids;
import payments.ports.driven.Jobs;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.driven.platform.Platforms;
import payments.ports.time.PlatformClock;

/**
 * Enables the bank rail for a platform's currency and starts its cut-offs: the first enabling schedules the
 * currency's first {@link BankCutOffs} job, which schedules each next one; a later enabling changes the settings the
 * next cut-off reads.
 */
public final class BankRailService implements BankRailUseCases {
    private final BankRails rails;
    private final Platforms platforms;
    private final Jobs jobs;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public BankRailService(BankRails rails, Platforms platforms, Jobs jobs, PlatformClock clock, Ids ids,
                           TransactionRunner tx) {
        this.rails = rails;
        this.platforms = platforms;
        this.jobs = jobs;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public BankRail enable(EnableBankRail c) {
        DebtorAccount debtor = BankRailRules.debtor(c.currency(), c.debtorName(), c.iban(), c.accountNumber(),
                c.routingNumber(), c.bic());
        long cutOff = BankRailRules.cutOffSeconds(c.cutOffSeconds());
        return tx.inTransaction(() -> {
            Platform platform = platforms.find(c.platform())
                    .orElseThrow(() -> new NotFound("REFERENCE_NOT_FOUND", "No platform " + c.platform()));
            Instant now = clock.now(platform.id(), platform.environment());
            Optional<BankRail> before = rails.current(platform.id(), c.currency());
            BankRail rail = new BankRail(platform.id(), c.currency(), debtor, cutOff,
                    before.map(BankRail::createdAt).orElse(now), now);
            rails.save(rail);
            if (before.isEmpty()) {
                jobs.schedule(new Jobs.Job(platform.id(), ids.newId(), BankCutOffs.KIND,
                        Map.of(BankCutOffs.CURRENCY, c.currency()), now.plusSeconds(cutOff), 0));
            }
            return rail;
        });
    }

    @Override
    public List<CurrencyRail> rails(Caller caller) {
        if (!caller.permissions().contains(Permission.MANAGE)) { // part of the answer to a config change too
            caller.require(Permission.VIEW);
        }
        return tx.inTransaction(() -> {
            Platform platform = platforms.find(caller.platformId()).orElseThrow();
            List<BankRail> banked = rails.rails(platform.id());
            List<CurrencyRail> shown = new ArrayList<>();
            for (String currency : platform.config().currencyCodes()) {
                shown.add(banked.stream().filter(r -> r.currency().equals(currency)).findFirst()
                        .map(r -> new CurrencyRail(currency, BankRail.NAME, r.cutOffSeconds(), r.debtor().masked()))
                        .orElseGet(() -> new CurrencyRail(currency, platform.environment() == Environment.SANDBOX
                                ? CurrencyRail.SANDBOX : CurrencyRail.NONE, null, null)));
            }
            return shown;
        });
    }
}
