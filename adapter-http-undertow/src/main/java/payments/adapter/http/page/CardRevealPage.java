package payments.adapter.http.page;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import payments.adapter.http.RequestLabels;
import payments.core.error.DomainError;
import payments.core.error.Gone;
import payments.ports.card.CardRevealUseCases;
import payments.ports.card.RevealedCard;

/**
 * {@code /card-reveal/{token}}: the page a card's reveal link opens, which a platform shows its cardholder in an
 * iframe. It shows the number, code and expiry once; the link is then used up. No API token: the link's token is
 * the credential. No script; nothing of the page is cached or logged.
 */
public final class CardRevealPage implements HttpHandler {
    public static final String PREFIX = "/card-reveal/";
    private final CardRevealUseCases reveals;

    public CardRevealPage(CardRevealUseCases reveals) {
        this.reveals = reveals;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.isInIoThread()) {
            exchange.dispatch(this); // the visit reads the database
            return;
        }
        RequestLabels.route(exchange, PREFIX + "{token}");
        if (!exchange.getRequestMethod().equals(Methods.GET)) {
            exchange.getResponseHeaders().put(Headers.ALLOW, "GET");
            send(exchange, 405, message("Not allowed."));
            return;
        }
        try {
            send(exchange, 200, card(reveals.open(exchange.getRequestPath().substring(PREFIX.length()))));
        } catch (Gone gone) {
            send(exchange, 410, message("This link was already used or has expired."));
        } catch (DomainError refused) {
            send(exchange, 404, message("This link is not valid."));
        }
    }

    private static String card(RevealedCard card) {
        String pan = card.numbers().pan().replaceAll("(.{4})(?!$)", "$1 ");
        return Html.page("Your card", "dl{font-family:ui-monospace,monospace;font-size:1.25rem}dt{font-size:.8rem;"
                + "color:#555}dd{margin:0 0 1rem}", "<dl><dt>" + Html.text(card.brand().name()) + " number</dt>"
                + "<dd id=\"pan\">" + Html.text(pan) + "</dd><dt>Expires</dt><dd id=\"expiry\">"
                + String.format("%02d/%d", card.expMonth(), card.expYear()) + "</dd><dt>Security code</dt>"
                + "<dd id=\"cvv\">" + Html.text(card.numbers().cvv()) + "</dd></dl>"
                + "<p>This page is shown once. Keep these details private.</p>");
    }

    private static String message(String text) {
        return Html.page("Card details", "", "<p id=\"outcome\">" + Html.text(text) + "</p>");
    }

    private static void send(HttpServerExchange exchange, int status, String html) {
        // Shown inside the platform's own page (an iframe), which may be on any origin.
        Html.send(exchange, status, html, "frame-ancestors https: http:");
    }
}
