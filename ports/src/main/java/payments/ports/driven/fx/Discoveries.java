package payments.ports.driven.fx;

import java.util.List;
import payments.core.fx.Institution;

/** Banks and providers an external account can name in {@code accountInfo.bankName}, per country and currency. */
public interface Discoveries {
    /** Institutions matching both filters; a null filter matches everything. */
    List<Institution> find(String country, String currency);
}
