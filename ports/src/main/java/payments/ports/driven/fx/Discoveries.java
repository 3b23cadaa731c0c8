package payments.ports.driven.fx;

import java.util.List;

/** Banks and providers an external account can name in {@code accountInfo.bankName}, per country and currency. */
public interface Discoveries {
    /** Institutions matching both filters; a null filter matches everything. */
    List<Institution> find(String country, String currency);

    /** {@code bankName} is the value for {@code accountInfo.bankName}; {@code displayName} is for people. */
    record Institution(String bankName, String displayName, String country, String currency) {
    }
}
