package payments.ports.platform;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.InvalidFields;
import payments.core.error.NotFound;
import payments.core.error.NotImplemented;
import payments.core.id.PlatformId;
import payments.core.platform.Caller;
import payments.core.platform.Environment;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.platform.PlatformConfig;
import payments.ports.account.AccountOpening;
import payments.ports.driven.Clock;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.Platforms;
import payments.ports.webhook.Events;
import payments.ports.webhook.WebhookEndpoints;

/** {@link PlatformUseCases}, and the operator's creation of platforms (tenants) with their first token. */
public final class PlatformService implements PlatformUseCases {
    private final Platforms platforms;
    private final TokenService tokens;
    private final AccountOpening accountOpening;
    private final TransactionRunner tx;
    private final Clock clock;
    private final Ids ids;
    private final Events events;
    private final WebhookEndpoints endpoints;

    public PlatformService(Platforms platforms, TokenService tokens, AccountOpening accountOpening,
                           TransactionRunner tx, Clock clock, Ids ids, Events events, WebhookEndpoints endpoints) {
        this.platforms = platforms;
        this.tokens = tokens;
        this.accountOpening = accountOpening;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
        this.events = events;
        this.endpoints = endpoints;
    }

    public record CreatedPlatform(Platform platform, IssuedToken firstToken) {
    }

    /** The sandbox platform every installation starts with; its id is the same everywhere. */
    public static final PlatformId DEFAULT_SANDBOX =
            new PlatformId(UUID.nameUUIDFromBytes("payments:default-sandbox".getBytes(StandardCharsets.UTF_8)));

    /** Creates a platform with its internal accounts and a first all-permission token. */
    public CreatedPlatform create(String name, Environment environment, String umaDomain, List<String> currencies) {
        return create(new PlatformId(ids.newId()), name, environment, umaDomain, currencies);
    }

    /**
     * Creates the default sandbox platform unless it exists. Returns it with its first token only when this call
     * created it; several processes starting at once create it once.
     */
    public Optional<CreatedPlatform> ensureDefaultSandbox(String umaDomain, List<String> currencies) {
        if (platforms.find(DEFAULT_SANDBOX).isPresent()) {
            return Optional.empty();
        }
        try {
            return Optional.of(create(DEFAULT_SANDBOX, "Sandbox", Environment.SANDBOX, umaDomain,
                    currencies));
        } catch (Conflict alreadyCreated) {
            return Optional.empty();
        }
    }

    private CreatedPlatform create(PlatformId id, String name, Environment environment, String umaDomain,
                                   List<String> currencies) {
        return tx.inTransaction(() -> {
            var now = clock.now();
            Platform platform = new Platform(id, name, environment,
                    PlatformConfig.initial(umaDomain, currencies, environment), now, now);
            platforms.insert(platform);
            accountOpening.ensureAccounts(platform.id(), null, currencies, now);
            var token = tokens.issue(platform.id(), name + " first token", EnumSet.allOf(Permission.class));
            return new CreatedPlatform(platform, token);
        });
    }

    @Override
    public Platform config(Caller caller) {
        caller.require(Permission.VIEW);
        return load(caller.platformId());
    }

    @Override
    public Platform updateConfig(Caller caller, ConfigUpdate update) {
        caller.require(Permission.MANAGE);
        if (update.webhookEndpoint() != null) {
            endpoints.check(update.webhookEndpoint(), caller.environment()); // a DNS lookup: before any lock
        }
        return tx.inTransaction(() -> {
            // Locked: two PATCHes at once would otherwise each merge into the same old config, and one be lost.
            Platform current = platforms.findForUpdate(caller.platformId()).orElseThrow(PlatformService::notFound);
            PlatformConfig next = update.applyTo(current.config());
            checkRules(next);
            var now = clock.now();
            Platform updated = current.withConfig(next, now);
            platforms.update(updated);
            accountOpening.ensureAccounts(current.id(), null, next.currencyCodes(), now);
            if (next.webhookEndpoint() != null
                    && !next.webhookEndpoint().equals(current.config().webhookEndpoint())) {
                events.endpointChanged(current.id()); // the reference's TEST, once per new endpoint
            }
            return updated;
        });
    }

    private static void checkRules(PlatformConfig config) {
        Set<String> seen = new HashSet<>();
        List<Map<String, Object>> currencies = config.supportedCurrencies();
        for (int i = 0; i < currencies.size(); i++) {
            Map<String, Object> c = currencies.get(i);
            if (!seen.add((String) c.get("currencyCode"))) {
                throw InvalidFields.of("supportedCurrencies[" + i + "].currencyCode", "is listed twice");
            }
            if ((Long) c.get("minAmount") > (Long) c.get("maxAmount")) {
                throw InvalidFields.of("supportedCurrencies[" + i + "].minAmount", "must not exceed maxAmount");
            }
        }
        for (Map<String, Object> fee : config.feeConfigs()) {
            if (!"USD".equals(fee.get("sourceCurrency"))) {
                throw new NotImplemented("NOT_IMPLEMENTED", "Fee configs are only supported for USD sources");
            }
        }
    }

    private Platform load(PlatformId id) {
        return platforms.find(id).orElseThrow(PlatformService::notFound);
    }

    private static NotFound notFound() {
        return new NotFound("NOT_FOUND", "Platform not found");
    }
}
