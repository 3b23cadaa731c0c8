package payments.ports.driven.compliance;

import java.util.Optional;
import payments.core.compliance.KycLink;

/** Hosted verification links, found by their token's hash alone: the token is the end user's only credential. */
public interface KycLinks {
    void insert(KycLink link);

    void update(KycLink link);

    /** The link whose token hashes to {@code tokenHash}, locked until the transaction ends. */
    Optional<KycLink> findForUpdate(String tokenHash);
}
