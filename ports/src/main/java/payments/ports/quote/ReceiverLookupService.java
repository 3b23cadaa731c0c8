package payments.ports.quote;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.customer.CustomerSchemas;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.fx.ExchangeRate;
import payments.core.id.ExternalAccountId;
import payments.core.money.Money;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.quote.Lookup;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.fx.FxRates;
import payments.ports.driven.quote.Lookups;
import payments.ports.driven.uma.UmaNetwork;
import payments.ports.time.PlatformClock;

/**
 * Receiver lookups: who is behind a UMA address or external account, which currencies they take (with an indicative
 * rate from the sender's currency) and which payer data they demand. Each lookup is stored for its quote.
 */
public final class ReceiverLookupService implements ReceiverLookupUseCases {
    static final long MAX_RECEIVABLE = Money.MAX_MINOR;

    private final Lookups lookups;
    private final UmaNetwork uma;
    private final ExternalAccounts externalAccounts;
    private final SendingCurrency sendingCurrency;
    private final FxRates rates;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public ReceiverLookupService(Lookups lookups, UmaNetwork uma, ExternalAccounts externalAccounts,
                                 SendingCurrency sendingCurrency, FxRates rates, PlatformClock clock, Ids ids,
                                 TransactionRunner tx) {
        this.lookups = lookups;
        this.uma = uma;
        this.externalAccounts = externalAccounts;
        this.sendingCurrency = sendingCurrency;
        this.rates = rates;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    @Override
    public Lookup lookupUma(Caller caller, String address, LookupSender sender) {
        caller.require(Permission.VIEW);
        if (!address.matches(CustomerSchemas.UMA_ADDRESS_PATTERN)) {
            throw new InvalidInput("INVALID_UMA_ADDRESS", "Not a UMA address: " + address);
        }
        String currency = sendingCurrency.of(caller, sender);
        UmaNetwork.Receiver receiver = uma.receiver(caller.environment(), address)
                .orElseThrow(() -> new NotFound("UMA_NOT_FOUND", "No receiver at " + address));
        return store(caller, address, receiver.currencies(), currency, receiver.requiredPayerDataFields());
    }

    @Override
    public Lookup lookupExternalAccount(Caller caller, ExternalAccountId accountId, LookupSender sender) {
        caller.require(Permission.VIEW);
        String currency = sendingCurrency.of(caller, sender);
        var account = externalAccounts.require(caller.platformId(), accountId);
        return store(caller, accountId.toString(), List.of(account.currency()), currency, List.of());
    }

    private Lookup store(Caller caller, String receiver, List<String> currencies, String sendingCurrency,
                         List<Map<String, Object>> payerData) {
        Instant now = clock.now(caller);
        List<Map<String, Object>> supported = currencies.stream().map(code -> {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("currencyCode", code);
            c.put("estimatedExchangeRate", code.equals(sendingCurrency) ? BigDecimal.ONE
                    : rates.rate(caller.environment(), sendingCurrency, code, now).map(ExchangeRate::rate)
                    .orElse(BigDecimal.ONE));
            c.put("min", 1L);
            c.put("max", MAX_RECEIVABLE);
            return c;
        }).toList();
        Lookup lookup = new Lookup(ids.newId(), caller.platformId(), receiver, supported, payerData, now);
        tx.inTransaction(() -> lookups.insert(lookup));
        return lookup;
    }
}
