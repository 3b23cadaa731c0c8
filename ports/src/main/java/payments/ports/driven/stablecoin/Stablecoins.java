package payments.ports.driven.stablecoin;

import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinFilter;

/** Registered stablecoins. */
public interface Stablecoins {
    /** Raises 409 {@code CONFLICT} when the platform registered the token already (and it was not turned down). */
    void insert(Stablecoin coin);

    /** Saves its statuses and currency; 409 {@code CONFLICT} when another coin of the platform has the currency. */
    void update(Stablecoin coin);

    Optional<Stablecoin> find(PlatformId platform, UUID id);

    /** {@link #find}, locked until the transaction ends. */
    Optional<Stablecoin> findForUpdate(PlatformId platform, UUID id);

    Page<Stablecoin> list(PlatformId platform, StablecoinFilter filter, PageRequest page);

    /** Whether a coin of the platform is held in {@code currency}. */
    boolean currencyTaken(PlatformId platform, String currency);
}
