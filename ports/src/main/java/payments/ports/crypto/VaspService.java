package payments.ports.crypto;

import payments.core.crypto.Vasps;
import payments.core.page.KeyedPage;
import payments.core.platform.Caller;
import payments.core.platform.Permission;

/** {@link VaspUseCases}: the list the wallet accounts' {@code vaspName} is checked against. */
public final class VaspService implements VaspUseCases {
    @Override
    public KeyedPage<Vasps.Vasp> list(Caller caller, KeyedPage.Request page) {
        caller.require(Permission.VIEW);
        return KeyedPage.of(Vasps.ALL, Vasps.Vasp::vaspName, true, page);
    }
}
