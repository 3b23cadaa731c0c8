package payments.ports.card;

import payments.core.card.CardBrand;
import payments.core.card.CardNumbers;

/** What the reveal page shows, once. */
public record RevealedCard(CardBrand brand, CardNumbers numbers, int expMonth, int expYear) {
}
