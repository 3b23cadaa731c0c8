package payments.ports.card;

import payments.core.card.Card;
import payments.core.card.CardFilter;
import payments.core.id.CardId;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;

/** A platform's cards: issue, list, read, freeze/unfreeze/close or rebind, and reveal the number once. */
public interface CardUseCases {
    /** A card for an approved cardholder, {@code PROCESSING} until its issuer provisions it. */
    Card create(Caller caller, NewCard command);

    Page<Card> list(Caller caller, CardFilter filter, PageRequest page);

    Card get(Caller caller, CardId id);

    Card update(Caller caller, CardId id, CardUpdate command);

    /** A single-use link to a page that shows the card's number, code and expiry, valid for minutes. */
    IssuedReveal reveal(Caller caller, CardId id);
}
