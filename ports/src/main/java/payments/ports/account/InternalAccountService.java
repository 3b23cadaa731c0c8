package payments.ports.account;

import java.util.List;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountFilter;
import payments.core.account.InternalAccountType;
import payments.core.account.InternalAccountView;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.ports.driven.Ids;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.account.FundingInstructions;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.ledger.Ledger;
import payments.ports.time.PlatformClock;
import payments.ports.webhook.Events;

/** {@link InternalAccountUseCases}. */
public final class InternalAccountService implements InternalAccountUseCases {
    private final InternalAccounts accounts;
    private final Ledger ledger;
    private final FundingInstructions instructions;
    private final TransactionRunner tx;
    private final PlatformClock clock;
    private final Ids ids;
    private final Events events;

    public InternalAccountService(InternalAccounts accounts, Ledger ledger, FundingInstructions instructions,
                                  TransactionRunner tx, PlatformClock clock, Ids ids, Events events) {
        this.accounts = accounts;
        this.ledger = ledger;
        this.instructions = instructions;
        this.tx = tx;
        this.clock = clock;
        this.ids = ids;
        this.events = events;
    }

    @Override
    public Page<InternalAccountView> listCustomerAccounts(Caller caller, InternalAccountFilter filter,
                                                          PageRequest page) {
        caller.require(Permission.VIEW);
        return accounts.listCustomerAccounts(caller.platformId(), filter, page).map(a -> view(caller, a));
    }

    @Override
    public List<InternalAccountView> listPlatformAccounts(Caller caller, String currency, InternalAccountType type) {
        caller.require(Permission.VIEW);
        return accounts.listOwnedBy(caller.platformId(), null).stream()
                .filter(a -> currency == null || a.currency().equals(currency))
                .filter(a -> type == null || a.type() == type)
                .map(a -> view(caller, a)).toList();
    }

    @Override
    public InternalAccountView get(Caller caller, InternalAccountId id) {
        caller.require(Permission.VIEW);
        return view(caller, accounts.require(caller.platformId(), id));
    }

    /** One balanced journal from the sandbox funding source, and {@code INTERNAL_ACCOUNT.BALANCE_UPDATED}. */
    @Override
    public InternalAccountView fund(Caller caller, InternalAccountId id, SandboxFunding command) {
        caller.requireSandbox();
        caller.require(Permission.TRANSACT);
        long amount = command.amount();
        return tx.inTransaction(() -> {
            InternalAccount account = accounts.require(caller.platformId(), id).requireActive();
            var source = AccountRef.system(caller.platformId(), AccountRef.SANDBOX_FUNDING, account.currency());
            ledger.post(caller.platformId(), Journal.transfer(ids.newId(), "SANDBOX_FUNDING", id.toString(), source,
                    AccountRef.owned(id.value()), account.currency(), amount, clock.now(caller)));
            InternalAccountView funded = view(caller, accounts.find(caller.platformId(), id).orElseThrow());
            events.internalAccountBalance(caller.platformId(), funded);
            return funded;
        });
    }

    /** An account as answered to its caller; no permission of its own (for the answer to a write that checked one). */
    public InternalAccountView view(Caller caller, InternalAccount account) {
        return new InternalAccountView(account, instructions.forAccount(caller.platformId(), caller.environment(),
                account));
    }
}
