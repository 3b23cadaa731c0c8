package payments.ports.customer;

import payments.core.customer.EndUserTerms;
import payments.core.platform.Caller;

/** The end-user terms in force, which a customer's {@code endUserTermsConsent} names (VIEW). */
public interface EndUserTermsUseCases {
    EndUserTerms current(Caller caller);

    /** The terms published at {@code url}. */
    static EndUserTermsUseCases publishedAt(String url) {
        EndUserTerms terms = new EndUserTerms(EndUserTerms.VERSION, url);
        return caller -> {
            caller.require(payments.core.platform.Permission.VIEW);
            return terms;
        };
    }
}
