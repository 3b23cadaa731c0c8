package payments.ports.stablecoin;

import java.util.UUID;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinFilter;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.stablecoin.ProviderAccounts;
import payments.ports.driven.stablecoin.StablecoinOperations;
import payments.ports.driven.stablecoin.Stablecoins;
import payments.ports.time.PlatformClock;

/** {@link StablecoinUseCases}: each change in one database transaction, by the platform's clock. */
public final class StablecoinService implements StablecoinUseCases {
    private final ProviderLinks links;
    private final StablecoinIssuance issuance;
    private final StablecoinOrders orders;
    private final ProviderAccounts accounts;
    private final Stablecoins coins;
    private final StablecoinOperations operations;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public StablecoinService(ProviderLinks links, StablecoinIssuance issuance, StablecoinOrders orders,
                             ProviderAccounts accounts, Stablecoins coins, StablecoinOperations operations,
                             PlatformClock clock, TransactionRunner tx) {
        this.links = links;
        this.issuance = issuance;
        this.orders = orders;
        this.accounts = accounts;
        this.coins = coins;
        this.operations = operations;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public ProviderAccount link(Caller caller, LinkProviderAccount command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> links.link(caller, command, clock.now(caller)));
    }

    @Override
    public Page<ProviderAccount> providerAccounts(Caller caller, ProviderAccountStatus status, PageRequest page) {
        caller.require(Permission.VIEW);
        return accounts.list(caller.platformId(), status, page);
    }

    @Override
    public ProviderAccount providerAccount(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return accounts.find(caller.platformId(), id).orElseThrow(() -> ProviderAccount.notFound(id));
    }

    @Override
    public Stablecoin register(Caller caller, RegisterStablecoin command) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> issuance.register(caller, command, clock.now(caller)));
    }

    @Override
    public Page<Stablecoin> list(Caller caller, StablecoinFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return coins.list(caller.platformId(), filter, page);
    }

    @Override
    public Stablecoin get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return coin(caller, id);
    }

    @Override
    public StablecoinOperation mint(Caller caller, UUID stablecoinId, NewMint command) {
        caller.require(Permission.TRANSACT);
        return tx.inTransaction(() -> orders.mint(caller, coin(caller, stablecoinId), command, clock.now(caller)));
    }

    @Override
    public StablecoinOperation burn(Caller caller, UUID stablecoinId, NewBurn command) {
        caller.require(Permission.TRANSACT);
        return tx.inTransaction(() -> orders.burn(caller, coin(caller, stablecoinId), command, clock.now(caller)));
    }

    @Override
    public Page<StablecoinOperation> operations(Caller caller, UUID stablecoinId, OperationType type,
                                                PageRequest page) {
        caller.require(Permission.VIEW);
        coin(caller, stablecoinId);
        return operations.list(caller.platformId(), stablecoinId, type, page);
    }

    @Override
    public StablecoinOperation operation(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return operations.find(caller.platformId(), id).orElseThrow(() -> StablecoinOperation.notFound(id));
    }

    private Stablecoin coin(Caller caller, UUID id) {
        return coins.find(caller.platformId(), id).orElseThrow(() -> Stablecoin.notFound(id));
    }
}
