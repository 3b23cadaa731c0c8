package payments.ports.uma;

import payments.core.page.KeyedPage;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.uma.UmaProvider;
import payments.core.uma.UmaProviderFilter;
import payments.ports.driven.uma.UmaProviders;

/** {@link UmaProviderUseCases}, from the {@link UmaProviders} directory. */
public final class UmaProviderService implements UmaProviderUseCases {
    private final UmaProviders directory;

    public UmaProviderService(UmaProviders directory) {
        this.directory = directory;
    }

    @Override
    public KeyedPage<UmaProvider> list(Caller caller, UmaProviderFilter filter, boolean ascending,
                                       KeyedPage.Request page) {
        caller.require(Permission.VIEW);
        var kept = directory.providers(caller.platformId(), caller.environment()).stream().filter(filter::matches)
                .toList();
        return KeyedPage.of(kept, UmaProvider::sortKey, ascending, page);
    }
}
