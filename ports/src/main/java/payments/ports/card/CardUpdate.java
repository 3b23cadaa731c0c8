package payments.ports.card;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import payments.core.card.CardSchemas;
import payments.core.card.CardState;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.id.InternalAccountId;
import payments.core.validation.Fields;

/**
 * {@code PATCH /cards/{id}}: a new state, new funding sources, a new spend limit (null fields unchanged; a spend
 * limit given as null, {@code maxSpendGiven} with a null value, clears it).
 */
public record CardUpdate(CardState state, List<InternalAccountId> fundingSources, boolean maxSpendGiven,
                         Long maxSpendPerTransaction) {
    public static CardUpdate fromJson(Object body) {
        Fields f = CardSchemas.UPDATE.validate(body);
        if (!f.has("state") && !f.has("fundingSources") && !f.has("maxSpendPerTransaction")) {
            throw new InvalidInput("INVALID_INPUT", "Give at least one of state, fundingSources, "
                    + "maxSpendPerTransaction");
        }
        return new CardUpdate(f.string("state").map(CardState::valueOf).orElse(null),
                f.<String>list("fundingSources").map(CardUpdate::sources).orElse(null),
                f.has("maxSpendPerTransaction"), f.number("maxSpendPerTransaction").orElse(null));
    }

    /** Funding sources parsed, each named once. */
    static List<InternalAccountId> sources(List<String> texts) {
        List<InternalAccountId> ids = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            ids.add(InternalAccountId.parse("fundingSources[" + i + "]", texts.get(i)));
        }
        if (new HashSet<>(ids).size() != ids.size()) {
            throw InvalidFields.of("fundingSources", "names an account more than once");
        }
        return List.copyOf(ids);
    }
}
