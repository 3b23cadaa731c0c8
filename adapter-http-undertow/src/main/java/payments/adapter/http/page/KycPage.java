package payments.adapter.http.page;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import payments.adapter.http.RequestLabels;
import payments.adapter.http.body.RequestBody;
import payments.core.error.DomainError;
import payments.core.error.Gone;
import payments.ports.compliance.HostedKycUseCases;

/**
 * {@code /kyc/{token}}: the sandbox's hosted verification page, where the end user a platform sent a KYC link
 * finishes (approves) or fails their verification. No API token: the link's token is the credential. Plain HTML
 * forms, no script at all; every value is written as text.
 */
public final class KycPage implements HttpHandler {
    public static final String PREFIX = "/kyc/";
    private static final long RECEIVE_MILLIS = 10_000;
    private final HostedKycUseCases kyc;

    public KycPage(HostedKycUseCases kyc) {
        this.kyc = kyc;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.isInIoThread()) {
            exchange.dispatch(this); // the visit reads the database
            return;
        }
        RequestLabels.route(exchange, PREFIX + "{token}");
        String token = exchange.getRequestPath().substring(PREFIX.length());
        try {
            if (exchange.getRequestMethod().equals(Methods.GET)) {
                var visit = kyc.open(token);
                send(exchange, 200, visit.outcome() == null ? form(token, visit) : done(visit));
            } else if (exchange.getRequestMethod().equals(Methods.POST)) {
                String decision = decision(exchange);
                if (decision == null) {
                    send(exchange, 400, message("Choose to finish or to fail the verification."));
                    return;
                }
                var visit = kyc.finish(token, decision.equals("approve"));
                if (visit.redirectUri() != null) {
                    exchange.setStatusCode(303);
                    exchange.getResponseHeaders().put(Headers.LOCATION, withStatus(visit.redirectUri(),
                            visit.outcome()));
                    exchange.endExchange();
                    return;
                }
                send(exchange, 200, done(visit));
            } else {
                exchange.getResponseHeaders().put(Headers.ALLOW, "GET, POST");
                send(exchange, 405, message("Not allowed."));
            }
        } catch (Gone gone) {
            send(exchange, 410, message(gone.getMessage() + "."));
        } catch (DomainError refused) {
            send(exchange, refused.code().equals("NOT_FOUND") ? 404 : 400, message("This link is not valid."));
        }
    }

    /** The {@code decision} of the posted form ({@code approve} or {@code fail}), or null. */
    private static String decision(HttpServerExchange exchange) {
        byte[] body = RequestBody.read(exchange, 1024, 4096, RECEIVE_MILLIS);
        for (String pair : new String(body, StandardCharsets.US_ASCII).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals("decision")) {
                String value = URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                return value.equals("approve") || value.equals("fail") ? value : null;
            }
        }
        return null;
    }

    private static String form(String token, HostedKycUseCases.Visit visit) {
        String action = PREFIX + Html.text(token);
        return page("Verify your identity", "<p>Verification of <strong>" + Html.text(visit.customerName())
                + "</strong> (" + Html.text(visit.customerType().toLowerCase(java.util.Locale.ROOT)) + ").</p>"
                + "<p>This is the sandbox: no document is checked. Choose how the verification ends.</p>"
                + "<form method=\"post\" action=\"" + action + "\"><input type=\"hidden\" name=\"decision\" "
                + "value=\"approve\"><button id=\"approve\" type=\"submit\">Finish verification</button></form>"
                + "<form method=\"post\" action=\"" + action + "\"><input type=\"hidden\" name=\"decision\" "
                + "value=\"fail\"><button id=\"fail\" type=\"submit\">Fail verification</button></form>");
    }

    private static String done(HostedKycUseCases.Visit visit) {
        return page("Verification finished", "<p id=\"outcome\">The verification of <strong>"
                + Html.text(visit.customerName()) + "</strong> is " + Html.text(visit.outcome()) + ".</p>"
                + "<p>You can close this page.</p>");
    }

    private static String message(String text) {
        return page("Verification", "<p id=\"outcome\">" + Html.text(text) + "</p>");
    }

    private static String page(String title, String body) {
        return Html.page(title, "form{display:inline-block;margin-right:1rem}button{font-size:1rem;"
                + "padding:.5rem 1rem}", body);
    }

    private static String withStatus(String redirectUri, String outcome) {
        URI uri = URI.create(redirectUri);
        return redirectUri + (uri.getRawQuery() == null ? "?" : "&") + "status=" + outcome;
    }

    private static void send(HttpServerExchange exchange, int status, String html) {
        // No script anywhere; forms may post to this server and then go where the platform asked (a redirect).
        Html.send(exchange, status, html, "form-action 'self' https: http:; frame-ancestors 'none'");
        exchange.getResponseHeaders().put(Headers.X_FRAME_OPTIONS, "DENY");
    }
}
