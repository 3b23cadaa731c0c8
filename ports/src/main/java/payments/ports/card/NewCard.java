package payments.ports.card;

import java.util.List;
import payments.core.card.CardSchemas;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.validation.Fields;

/** A card to issue: its holder, its funding sources in priority order, an optional id and spend limit. */
public record NewCard(CustomerId cardholderId, String platformCardId, List<InternalAccountId> fundingSources,
                      Long maxSpendPerTransaction) {
    /** From the JSON body of {@code POST /cards}; 400 naming every invalid field. The 3-D Secure password is not kept. */
    public static NewCard fromJson(Object body) {
        Fields f = CardSchemas.CREATE.validate(body);
        return new NewCard(CustomerId.parse("cardholderId", f.string("cardholderId").orElseThrow()),
                f.string("platformCardId").orElse(null), CardUpdate.sources(f.<String>list("fundingSources")
                        .orElseThrow()), f.number("maxSpendPerTransaction").orElse(null));
    }
}
