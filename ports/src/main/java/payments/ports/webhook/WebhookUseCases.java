package payments.ports.webhook;

import java.util.UUID;
import payments.core.page.Page;
import payments.core.page.PageRequest;
import payments.core.platform.Caller;
import payments.core.webhook.DeliveryAttempt;
import payments.core.webhook.EventFilter;
import payments.core.webhook.WebhookEvent;

/** A platform's webhooks: its events with their delivery logs (VIEW), replays (MANAGE), and the sandbox's test. */
public interface WebhookUseCases {
    Page<WebhookEvent> list(Caller caller, EventFilter filter, PageRequest page);

    EventLog get(Caller caller, UUID id);

    /** Sends the event again, now, with the same id; one attempt, however often it was tried before. */
    EventLog replay(Caller caller, UUID id);

    /** Replays every EXHAUSTED event of the platform (after its endpoint was fixed); returns how many. */
    int replayExhausted(Caller caller);

    /** Sandbox: a TEST event sent at once and logged; refused unless acknowledged (MANAGE). */
    DeliveryAttempt sendTest(Caller caller);
}
