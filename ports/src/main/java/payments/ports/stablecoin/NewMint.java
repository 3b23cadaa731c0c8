package payments.ports.stablecoin;

import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinSchemas;
import payments.core.stablecoin.operation.StablecoinOperation.Party;
import payments.core.validation.Fields;

/**
 * A mint of {@code amount} token units, paid for by {@code fundingSource} (its ids in their canonical form) and
 * delivered to {@code destinationAccountId}: an internal account or an external Spark wallet.
 */
public record NewMint(long amount, Party fundingSource, String destinationAccountId, String description) {
    /** From the JSON body of {@code POST /stablecoins/{id}/mints}; 400 naming every invalid field. */
    public static NewMint fromJson(Object body) {
        Fields f = StablecoinSchemas.MINT.validate(body);
        Fields funding = f.object("fundingSource").orElseThrow();
        return new NewMint(Stablecoin.parseAmount("amount", f.string("amount").orElseThrow()),
                Parties.party(funding, "fundingSource."),
                Parties.account("destination.accountId", f.object("destination").orElseThrow().string("accountId")
                        .orElseThrow()), f.string("description").orElse(null));
    }
}
