package payments.ports.stablecoin;

import java.util.UUID;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinFilter;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;

/**
 * A platform's stablecoins: links to its provider account (MANAGE), the tokens it created there, registered
 * (MANAGE), their mints and burns (TRANSACT), and reads of all of them (VIEW). Issuance and each operation move on by
 * durable jobs that ask the provider; a completed mint or burn posts to the ledger.
 */
public interface StablecoinUseCases {
    ProviderAccount link(Caller caller, LinkProviderAccount command);

    Page<ProviderAccount> providerAccounts(Caller caller, ProviderAccountStatus status, PageRequest page);

    ProviderAccount providerAccount(Caller caller, UUID id);

    Stablecoin register(Caller caller, RegisterStablecoin command);

    Page<Stablecoin> list(Caller caller, StablecoinFilter filter, PageRequest page);

    Stablecoin get(Caller caller, UUID id);

    StablecoinOperation mint(Caller caller, UUID stablecoinId, NewMint command);

    StablecoinOperation burn(Caller caller, UUID stablecoinId, NewBurn command);

    /** A coin's operations, newest first ({@code type} narrows them when given); 404 for an unknown coin. */
    Page<StablecoinOperation> operations(Caller caller, UUID stablecoinId, OperationType type, PageRequest page);

    StablecoinOperation operation(Caller caller, UUID id);
}
