package payments.ports.card;

import payments.core.card.CardSchemas;
import payments.core.id.CardId;
import payments.core.id.InternalAccountId;
import payments.core.validation.Fields;

/** A delegated key to create: the card, its embedded wallet funding source, a name. */
public record NewDelegatedKey(CardId cardId, InternalAccountId accountId, String nickname) {
    public static NewDelegatedKey fromJson(Object body) {
        Fields f = CardSchemas.DELEGATED_KEY_CREATE.validate(body);
        return new NewDelegatedKey(CardId.parse("cardId", f.string("cardId").orElseThrow()),
                InternalAccountId.parse("internalAccountId", f.string("internalAccountId").orElseThrow()),
                f.string("nickname").orElseThrow());
    }
}
