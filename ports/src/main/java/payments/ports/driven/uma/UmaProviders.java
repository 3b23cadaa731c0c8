package payments.ports.driven.uma;

import java.util.List;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.uma.UmaProvider;

/**
 * The directory of UMA providers: who offers UMA addresses, where and in which currencies, and whether each is on a
 * platform's allow list (which the directory keeps: the platform config has no such setting).
 */
public interface UmaProviders {
    /** Every provider the directory lists, in any order, with {@code platform}'s allow-list status. */
    List<UmaProvider> providers(PlatformId platform, Environment environment);
}
