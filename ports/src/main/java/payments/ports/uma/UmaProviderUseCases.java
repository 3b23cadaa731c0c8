package payments.ports.uma;

import payments.core.page.KeyedPage;
import payments.core.platform.Caller;
import payments.core.uma.UmaProvider;
import payments.core.uma.UmaProviderFilter;

/** The UMA providers a platform's customers can pay or be paid through (VIEW). */
public interface UmaProviderUseCases {
    /** A page of the providers {@code filter} keeps, by name ({@code ascending} or not). */
    KeyedPage<UmaProvider> list(Caller caller, UmaProviderFilter filter, boolean ascending, KeyedPage.Request page);
}
