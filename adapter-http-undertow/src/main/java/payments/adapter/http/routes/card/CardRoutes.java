package payments.adapter.http.routes.card;

import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.string;
import static payments.core.platform.Permission.MANAGE;
import static payments.core.platform.Permission.VIEW;

import payments.adapter.http.Idempotent;
import payments.adapter.http.Operation;
import payments.adapter.http.Request;
import payments.adapter.http.Response;
import payments.adapter.http.Router;
import payments.adapter.http.Shape;
import payments.adapter.http.page.CardRevealPage;
import payments.core.card.CardFilter;
import payments.core.card.CardJson;
import payments.core.card.CardSchemas;
import payments.core.card.CardState;
import payments.core.id.CardId;
import payments.core.id.CustomerId;
import payments.core.id.InternalAccountId;
import payments.core.json.JsonObject;
import payments.ports.batch.Idempotency;
import payments.ports.card.CardUpdate;
import payments.ports.card.CardUseCases;
import payments.ports.card.NewCard;

/** {@code /cards}: a platform's cards, their state and funding sources, and the single-use reveal link. */
public final class CardRoutes {
    static final Shape CARD = new Shape("Card", CardJson.CARD);
    private static final Shape REVEAL = new Shape("CardRevealResponse", object().required("panEmbedUrl", string())
            .required("expiresAt", dateTime()).schema());

    private final CardUseCases cards;
    private final Idempotency idempotency;

    public CardRoutes(CardUseCases cards, Idempotency idempotency) {
        this.cards = cards;
        this.idempotency = idempotency;
    }

    public void register(Router router) {
        router.post("/cards", MANAGE, Operation.of("Issue a card to a customer whose KYC is approved")
                .body(CardSchemas.CREATE).idempotent()
                .answers(201, "The card, PROCESSING until its issuer provisions it", CARD),
                Idempotent.wrap(idempotency, r -> {
            r.query().done();
            return Response.created(CardJson.card(cards.create(r.caller(), NewCard.fromJson(r.body()))));
        }));
        router.get("/cards", VIEW, Operation.of("List cards").query("cardholderId", string())
                .query("accountId", string()).query("platformCardId", string())
                .query("state", enumOf(CardState.class)).query("sortOrder", enumOf("asc", "desc"))
                .paged().answersPage(CARD), r -> {
            var q = r.query();
            var filter = new CardFilter(q.id("cardholderId", CustomerId::parse),
                    q.id("accountId", InternalAccountId::parse), q.string("platformCardId"),
                    q.enumValue("state", CardState.class), q.ascending());
            var page = q.page();
            q.done();
            return Response.ok(JsonObject.page(cards.list(r.caller(), filter, page), CardJson::card));
        });
        router.get("/cards/{id}", VIEW, Operation.of("Get a card").answers(200, "The card", CARD), r -> {
            r.query().done();
            return Response.ok(CardJson.card(cards.get(r.caller(), cardId(r))));
        });
        router.patch("/cards/{id}", MANAGE, Operation.of("Freeze, unfreeze or close a card, or change its funding")
                .body(CardSchemas.UPDATE).answers(200, "The card", CARD), r -> {
            r.query().done();
            var id = cardId(r);
            return Response.ok(CardJson.card(cards.update(r.caller(), id, CardUpdate.fromJson(r.body()))));
        });
        router.post("/cards/{id}/reveal", MANAGE, Operation.of("A short-lived link to a page showing the card's "
                + "number once").answers(200, "The link", REVEAL), r -> {
            r.query().done();
            r.noBody();
            var issued = cards.reveal(r.caller(), cardId(r));
            // The page is on the host the platform called, as the browser that shows it will reach it.
            String base = r.exchange().getRequestScheme() + "://" + r.exchange().getHostAndPort();
            return Response.ok(JsonObject.of().put("panEmbedUrl", base + CardRevealPage.PREFIX + issued.token())
                    .put("expiresAt", issued.expiresAt()).map());
        });
    }

    static CardId cardId(Request r) {
        return CardId.parse("id", r.path("id"));
    }
}
