package payments.ports.driven.stablecoin;

import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;

/** Mints and burns. */
public interface StablecoinOperations {
    void insert(StablecoinOperation operation);

    /** Saves its status, the provider's status and its failure reason. */
    void update(StablecoinOperation operation);

    Optional<StablecoinOperation> find(PlatformId platform, UUID id);

    /** {@link #find}, locked until the transaction ends. */
    Optional<StablecoinOperation> findForUpdate(PlatformId platform, UUID id);

    /** One coin's operations, newest first; {@code type} narrows them when given. */
    Page<StablecoinOperation> list(PlatformId platform, UUID stablecoinId, OperationType type, PageRequest page);
}
