package payments.ports.card;

import java.time.Instant;
import payments.core.card.Card;
import payments.core.card.CardState;
import payments.core.id.CardId;
import payments.ports.driven.Jobs;
import payments.ports.driven.card.CardIssuer;
import payments.ports.driven.card.Cards;
import payments.ports.time.JobRunner;
import payments.ports.webhook.Events;

/**
 * The durable job that has a requested card provisioned by its issuer: {@code ACTIVE} with its number sealed, or
 * closed as {@code ISSUER_REJECTED}. It runs in the job's transaction, so a crash leaves the card PROCESSING and the
 * job due, and the issuer is asked again.
 */
public final class CardProvisioning implements JobRunner.Handler {
    public static final String KIND = "CARD_PROVISIONING";
    private final Cards cards;
    private final CardIssuer issuer;
    private final Events events;

    public CardProvisioning(Cards cards, CardIssuer issuer, Events events) {
        this.cards = cards;
        this.issuer = issuer;
        this.events = events;
    }

    @Override
    public void run(Jobs.Job job, Instant now) {
        CardId id = CardId.parse("cardId", (String) job.payload().get("cardId"));
        Card card = cards.findForUpdate(job.platform(), id).orElse(null);
        if (card == null || card.state() != CardState.PROCESSING) {
            return;
        }
        CardIssuer.Provisioning provisioned = issuer.provision(card);
        Card next;
        if (provisioned.rejected()) {
            next = card.rejected(now);
        } else {
            cards.saveNumbers(job.platform(), id, provisioned.numbers());
            next = card.activated(provisioned.brand(), provisioned.numbers().last4(), provisioned.expMonth(),
                    provisioned.expYear(), provisioned.processorRef(), provisioned.issuerRef(), now);
        }
        cards.update(next);
        events.cardChanged(card, next);
    }
}
