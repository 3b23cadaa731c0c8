package payments.ports.webhook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import payments.core.error.Conflict;
import payments.core.error.InvalidInput;
import payments.core.error.NotFound;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.platform.Platform;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.EventTypes;
import payments.core.webhook.WebhookEvent;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.platform.Platforms;
import payments.ports.driven.webhook.WebhookDeliveries;
import payments.ports.time.PlatformClock;

/** {@link WebhookUseCases}. */
public final class WebhookService implements WebhookUseCases {
    private final WebhookDeliveries deliveries;
    private final WebhookDelivery delivery;
    private final Platforms platforms;
    private final PlatformClock clock;
    private final TransactionRunner tx;

    public WebhookService(WebhookDeliveries deliveries, WebhookDelivery delivery, Platforms platforms,
                          PlatformClock clock, TransactionRunner tx) {
        this.deliveries = deliveries;
        this.delivery = delivery;
        this.platforms = platforms;
        this.clock = clock;
        this.tx = tx;
    }

    @Override
    public Page<WebhookEvent> list(Caller caller, EventFilter filter, PageRequest page) {
        caller.require(Permission.VIEW);
        return deliveries.list(caller.platformId(), filter, page);
    }

    @Override
    public EventLog get(Caller caller, UUID id) {
        caller.require(Permission.VIEW);
        return log(caller, id);
    }

    private EventLog log(Caller caller, UUID id) {
        WebhookEvent event = deliveries.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
        return new EventLog(event, deliveries.attempts(caller.platformId(), id));
    }

    /**
     * Not an approval request: it asked once while the payment waited, and the payment has been decided since, or
     * will be by the API (409 {@code CONFLICT}).
     */
    @Override
    public EventLog replay(Caller caller, UUID id) {
        caller.require(Permission.MANAGE);
        requireEndpoint(caller);
        if (deliveries.find(caller.platformId(), id).map(e -> e.type().equals(EventTypes.INCOMING_PAYMENT_PENDING))
                .orElse(false)) {
            throw new Conflict("CONFLICT", "An approval request (" + EventTypes.INCOMING_PAYMENT_PENDING + ") is "
                    + "sent once, while its payment waits: approve or reject it with POST /transactions/{id}/approve "
                    + "or /reject before its deadline");
        }
        tx.inTransaction(() -> {
            if (!deliveries.replay(caller.platformId(), id, clock.now(caller))) {
                throw notFound(id);
            }
        });
        return log(caller, id); // the answer to the caller's own change: MANAGE, without VIEW, sees it
    }

    @Override
    public int replayExhausted(Caller caller) {
        caller.require(Permission.MANAGE);
        requireEndpoint(caller);
        return tx.inTransaction(() -> deliveries.replayExhausted(caller.platformId(), clock.now(caller)));
    }

    /** Delivered means acknowledged (a 2xx, or 409); any other answer, or none, is {@code WEBHOOK_DELIVERY_ERROR}. */
    @Override
    public DeliveryAttempt sendTest(Caller caller) {
        caller.requireSandbox();
        caller.require(Permission.MANAGE);
        Platform platform = requireEndpoint(caller);
        DeliveryAttempt attempt = delivery.sendNow(platform, EventTypes.TEST, null).attempt();
        if (!attempt.delivered()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("url", platform.config().webhookEndpoint());
            if (attempt.responseStatus() != null) {
                details.put("responseStatus", attempt.responseStatus());
            }
            details.put("error", attempt.error());
            throw new InvalidInput("WEBHOOK_DELIVERY_ERROR", "The test webhook was not delivered: "
                    + attempt.error(), details);
        }
        return attempt;
    }


    private Platform requireEndpoint(Caller caller) {
        Platform platform = platforms.find(caller.platformId()).orElseThrow();
        if (platform.config().webhookEndpoint() == null) {
            throw endpointNotSet();
        }
        return platform;
    }

    public static InvalidInput endpointNotSet() {
        return new InvalidInput("WEBHOOK_ENDPOINT_NOT_SET",
                "No webhookEndpoint is configured (PATCH /config)");
    }

    private static NotFound notFound(UUID id) {
        return new NotFound("NOT_FOUND", "No webhook event " + WebhookEvent.KIND + ":" + id);
    }
}
