package payments.ports.crypto;

import payments.core.crypto.Vasps;
import payments.core.page.KeyedPage;
import payments.core.platform.Caller;

/** The custodians a crypto wallet account may name in {@code accountInfo.vaspName} (VIEW). */
public interface VaspUseCases {
    /** A page of {@link Vasps#ALL}, by name. */
    KeyedPage<Vasps.Vasp> list(Caller caller, KeyedPage.Request page);
}
