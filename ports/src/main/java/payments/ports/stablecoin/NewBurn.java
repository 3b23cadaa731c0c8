package payments.ports.stablecoin;

import payments.core.id.ExternalAccountId;
import payments.core.stablecoin.Stablecoin;
import payments.core.stablecoin.StablecoinSchemas;
import payments.core.stablecoin.operation.StablecoinOperation.Party;
import payments.core.validation.Fields;

/**
 * A burn of {@code amount} token units taken from {@code source}, their fiat value paid out to the bank account
 * {@code destinationExternalAccountId} over {@code rail}.
 */
public record NewBurn(long amount, Party source, String destinationExternalAccountId, String rail,
                      String description) {
    /** From the JSON body of {@code POST /stablecoins/{id}/burns}; 400 naming every invalid field. */
    public static NewBurn fromJson(Object body) {
        Fields f = StablecoinSchemas.BURN.validate(body);
        Fields destination = f.object("destination").orElseThrow();
        return new NewBurn(Stablecoin.parseAmount("amount", f.string("amount").orElseThrow()),
                Parties.party(f.object("source").orElseThrow(), "source."),
                ExternalAccountId.parse("destination.externalAccountId",
                        destination.string("externalAccountId").orElseThrow()).toString(),
                destination.string("rail").orElseThrow(), f.string("description").orElse(null));
    }
}
