package payments.ports.fx;

import java.util.ArrayList;
import java.util.List;
import payments.core.error.FieldError;
import payments.core.error.InvalidFields;
import payments.core.fx.Institution;
import payments.core.money.Currencies;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.fx.Discoveries;

/** {@link DiscoveryUseCases}, from the institutions the {@link Discoveries} port knows. */
public final class DiscoveryService implements DiscoveryUseCases {
    private final Discoveries discoveries;

    public DiscoveryService(Discoveries discoveries) {
        this.discoveries = discoveries;
    }

    @Override
    public List<Institution> find(Caller caller, String country, String currency) {
        caller.require(Permission.VIEW);
        List<FieldError> errors = new ArrayList<>();
        if (country != null && !country.matches("[A-Z]{2}")) {
            errors.add(new FieldError("country", "must be an ISO 3166-1 alpha-2 code"));
        }
        if (currency != null && Currencies.find(currency).isEmpty()) {
            errors.add(new FieldError("currency", "'" + currency + "' is not a supported currency code"));
        }
        if (!errors.isEmpty()) {
            throw InvalidFields.of(errors);
        }
        return discoveries.find(country, currency);
    }
}
