package payments.core.stablecoin;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import payments.core.id.EntityId;
import payments.core.id.InternalAccountId;
import payments.core.ledger.AccountRef;
import payments.core.ledger.Journal;
import payments.core.ledger.Posting;
import payments.core.stablecoin.operation.OperationType;
import payments.core.stablecoin.operation.StablecoinOperation;

/**
 * What a completed mint or burn posts, as pure functions. Each coin has two system accounts in its token (the
 * symbol is the ledger's currency code for it): ISSUED, whose balance is minus the coin's supply (every mint takes
 * its amount from it, every burn gives it back), and OUTSIDE, the tokens held outside the service (Spark wallets,
 * the provider's balance). A mint credits its internal destination or OUTSIDE; a burn debits its internal source
 * (the hold taken when it was made) or OUTSIDE. A mint funded from an internal account also moves that fiat to the
 * coin's RESERVE system account (the provider's backing). So supply = -ISSUED at every commit.
 */
public final class StablecoinJournals {
    static final String ISSUED = "STABLECOIN_ISSUED:";
    static final String OUTSIDE = "STABLECOIN_OUTSIDE:";
    static final String RESERVE = "STABLECOIN_RESERVE:";
    /** The kind of source (mint funding, burn source) that is an internal account of the service. */
    public static final String SERVICE_INTERNAL_ACCOUNT = "SERVICE_INTERNAL_ACCOUNT";

    private StablecoinJournals() {
    }

    /** The coin's ISSUED account: its balance is minus the coin's supply. */
    public static AccountRef issued(Stablecoin coin) {
        return AccountRef.system(coin.platformId(), ISSUED + coin.id(), coin.token().symbol());
    }

    /** The journal of {@code op}, completed now. */
    public static Journal completed(Stablecoin coin, StablecoinOperation op, UUID journalId, Instant at) {
        String token = coin.token().symbol();
        AccountRef outside = AccountRef.system(coin.platformId(), OUTSIDE + coin.id(), token);
        List<Posting> postings = new ArrayList<>();
        if (op.type() == OperationType.MINT) {
            postings.add(new Posting(issued(coin), token, -op.amount()));
            AccountRef to = internal(op.destination().accountId()) ? owned(op.destination().accountId()) : outside;
            postings.add(new Posting(to, token, op.amount()));
            if (SERVICE_INTERNAL_ACCOUNT.equals(op.source().type())) {
                String fiat = coin.token().baseCurrency();
                long value = coin.fiatMinor(op.amount());
                postings.add(new Posting(owned(op.source().accountId()), fiat, -value));
                postings.add(new Posting(AccountRef.system(coin.platformId(), RESERVE + coin.id(), fiat), fiat,
                        value));
            }
        } else {
            AccountRef from = SERVICE_INTERNAL_ACCOUNT.equals(op.source().type()) ? owned(op.source().accountId())
                    : outside;
            postings.add(new Posting(from, token, -op.amount()));
            postings.add(new Posting(issued(coin), token, op.amount()));
        }
        return new Journal(journalId, "STABLECOIN_" + op.type(), op.wireId(), postings, at);
    }

    /** Whether an account id names one of the service's internal accounts (else an external account). */
    public static boolean internal(String accountId) {
        return EntityId.isOfKind(InternalAccountId.KIND, accountId);
    }

    private static AccountRef owned(String internalAccountId) {
        return AccountRef.owned(InternalAccountId.parse("accountId", internalAccountId).value());
    }
}
