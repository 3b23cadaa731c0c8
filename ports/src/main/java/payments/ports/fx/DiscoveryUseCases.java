package payments.ports.fx;

import java.util.List;
import payments.core.fx.Institution;
import payments.core.platform.Caller;

/** The banks and providers an external account may name, by country and currency (VIEW). */
public interface DiscoveryUseCases {
    /** Both filters are optional (null); a malformed country or an unknown currency is 400 naming the parameter. */
    List<Institution> find(Caller caller, String country, String currency);
}
