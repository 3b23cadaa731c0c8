package payments.ports.stablecoin;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountType;
import payments.core.error.InvalidFields;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Hold;
import payments.core.ledger.InsufficientFunds;
import payments.core.platform.Caller;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinJournals;
import payments.core.stablecoin.operation.OperationStatus;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;
import payments.core.stablecoin.operation.StablecoinOperation.Party;
import payments.core.transfer.TransferRules;
import payments.ports.driven.Ids;
import payments.ports.driven.account.ExternalAccounts;
import payments.ports.driven.account.InternalAccounts;
import payments.ports.driven.ledger.Ledger;
import payments.ports.driven.stablecoin.StablecoinOperations;
import payments.ports.driven.stablecoin.StablecoinProvider;
import payments.ports.driven.stablecoin.StablecoinProvider.Access;
import payments.ports.driven.stablecoin.StablecoinProvider.Order;
import payments.ports.driven.stablecoin.StablecoinProvider.Submitted;

/**
 * Mints and burns as they are made, inside the request's database transaction: every check of the coin, its link
 * and the accounts named comes first; then the hold on an internal account the operation spends from; then the
 * provider takes the order. A refusal at any step (a 4xx, or the provider down: 503) writes nothing, the hold
 * included.
 */
public final class StablecoinOrders {
    /** A burn's fiat rail and the bank rail of the external account it needs. */
    private static final Map<String, String> ACCOUNT_RAIL = Map.of("WIRE", "WIRE", "ACH_CREDIT", "ACH",
            "SAME_DAY_ACH_CREDIT", "ACH", "RTP_CREDIT", "RTP");

    private final StablecoinOperations operations;
    private final InternalAccounts internalAccounts;
    private final ExternalAccounts externalAccounts;
    private final ProviderLinks links;
    private final StablecoinProvider provider;
    private final Ledger ledger;
    private final OperationProgress progress;
    private final Ids ids;

    public StablecoinOrders(StablecoinOperations operations, InternalAccounts internalAccounts,
                            ExternalAccounts externalAccounts, ProviderLinks links, StablecoinProvider provider,
                            Ledger ledger, OperationProgress progress, Ids ids) {
        this.operations = operations;
        this.internalAccounts = internalAccounts;
        this.externalAccounts = externalAccounts;
        this.links = links;
        this.provider = provider;
        this.ledger = ledger;
        this.progress = progress;
        this.ids = ids;
    }

    StablecoinOperation mint(Caller caller, Stablecoin coin, NewMint command, Instant now) {
        Access access = links.activeAccess(caller, coin.requireProvisioned().providerAccountId());
        coin.requireWholeFiatMinor("amount", command.amount());
        Party destination = mintDestination(caller, coin, command.destinationAccountId());
        Party funding = command.fundingSource();
        UUID holdId = switch (funding.type()) {
            case "ACH_DEBIT", "SAME_DAY_ACH_DEBIT" -> {
                fiatAccount(caller, coin, funding.externalAccountId(), "fundingSource.externalAccountId")
                        .requirePullable("fundingSource.externalAccountId");
                yield null;
            }
            case StablecoinJournals.SERVICE_INTERNAL_ACCOUNT -> hold(caller, coin.token().baseCurrency(),
                    funding.accountId(), "fundingSource.accountId", coin.fiatMinor(command.amount()));
            default -> null; // WIRE and the provider's own balance: the provider's side alone
        };
        UUID id = ids.newId();
        Submitted submitted = provider.mint(access, order(id, OperationType.MINT, funding.type(), coin,
                command.amount(), null), now);
        return start(coin, id, OperationType.MINT, command.amount(), funding, destination, submitted,
                command.description(), holdId, now);
    }

    StablecoinOperation burn(Caller caller, Stablecoin coin, NewBurn command, Instant now) {
        Access access = links.activeAccess(caller, coin.requireProvisioned().providerAccountId());
        coin.requireWholeFiatMinor("amount", command.amount());
        ExternalAccount bank = fiatAccount(caller, coin, command.destinationExternalAccountId(),
                "destination.externalAccountId");
        String accountRail = ACCOUNT_RAIL.get(command.rail());
        if (!AccountInfoSchemas.paymentRails(bank.accountType()).contains(accountRail)) {
            throw InvalidFields.of("destination.rail", "is not a rail of the destination: a " + bank.accountType()
                    + " is paid over " + AccountInfoSchemas.paymentRails(bank.accountType()));
        }
        Party source = command.source();
        UUID holdId = StablecoinJournals.SERVICE_INTERNAL_ACCOUNT.equals(source.type())
                ? hold(caller, coin.requireServiceCurrency("source.accountId"), source.accountId(), "source.accountId",
                command.amount()) : null;
        UUID id = ids.newId();
        Submitted submitted = provider.burn(access, order(id, OperationType.BURN, source.type(), coin,
                command.amount(), command.rail()), now);
        Party destination = new Party(null, bank.id().toString(), null, null, null, command.rail());
        return start(coin, id, OperationType.BURN, command.amount(), source, destination, submitted,
                command.description(), holdId, now);
    }

    /** A mint's destination: an internal account in the coin's currency, or an external Spark wallet. */
    private Party mintDestination(Caller caller, Stablecoin coin, String accountId) {
        String field = "destination.accountId";
        if (StablecoinJournals.internal(accountId)) {
            InternalAccount account = internalAccounts.require(caller.platformId(),
                    InternalAccountId.parse(field, accountId)).requireActive();
            requireCurrency(field, account.currency(), coin.requireServiceCurrency(field));
        } else {
            ExternalAccount wallet = externalAccounts.require(caller.platformId(),
                    ExternalAccountId.parse(field, accountId));
            if (!"SPARK_WALLET".equals(wallet.accountType())) {
                throw InvalidFields.of(field, "is a " + wallet.accountType() + ": the tokens are delivered on Spark, "
                        + "to a SPARK_WALLET");
            }
        }
        return new Party(null, accountId, null, null, null, null);
    }

    /** An external account in the coin's fiat currency. */
    private ExternalAccount fiatAccount(Caller caller, Stablecoin coin, String accountId, String field) {
        ExternalAccount account = externalAccounts.require(caller.platformId(),
                ExternalAccountId.parse(field, accountId));
        requireCurrency(field, account.currency(), coin.token().baseCurrency());
        return account;
    }

    /** Holds {@code amount} of {@code currency} on an internal account the operation spends from; its id. */
    private UUID hold(Caller caller, String currency, String accountId, String field, long amount) {
        InternalAccount account = internalAccounts.require(caller.platformId(),
                InternalAccountId.parse(field, accountId)).requireActive();
        if (account.type() == InternalAccountType.EMBEDDED_WALLET) {
            throw InvalidFields.of(field, "is an EMBEDDED_WALLET: money leaves it by quotes its wallet signs");
        }
        requireCurrency(field, account.currency(), currency);
        UUID holdId = ids.newId();
        try {
            ledger.hold(caller.platformId(), Hold.pending(holdId, AccountRef.owned(account.id().value()), currency,
                    amount));
        } catch (InsufficientFunds e) {
            throw TransferRules.insufficientBalance(account, amount);
        }
        return holdId;
    }

    private static void requireCurrency(String field, String held, String needed) {
        if (!held.equals(needed)) {
            throw InvalidFields.of(field, "holds " + held + ", where the operation needs " + needed);
        }
    }

    private static Order order(UUID id, OperationType type, String sourceType, Stablecoin coin, long amount,
                               String rail) {
        return new Order(id, type, sourceType, amount, coin.fiatMinor(amount), coin.token().baseCurrency(),
                coin.networkTokenIdentifier(), rail);
    }

    /** The operation the provider took, as its first word has it, saved. */
    private StablecoinOperation start(Stablecoin coin, UUID id, OperationType type, long amount, Party source,
                                      Party destination, Submitted submitted, String description, UUID holdId,
                                      Instant now) {
        StablecoinOperation created = new StablecoinOperation(id, coin.platformId(), coin.id(), type,
                OperationStatus.CREATED, amount, coin.providerAccountId(), coin.environment(), source, destination,
                submitted.fundingInstructions(), submitted.estimatedDelivery(), submitted.expiresAt(),
                submitted.reference(), null, null, description, holdId, now, now);
        StablecoinOperation begun = progress.apply(coin, created, submitted.progress(), now);
        operations.insert(begun);
        return begun;
    }
}
