package payments.ports.fakes;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import payments.core.platform.Environment;
import payments.ports.driven.webhook.WebhookTransport;

/**
 * A webhook endpoint that answers from a script (then 200 for ever), recording every call: the URL, the envelope,
 * and the headers signing the body as the transport would serialise it (here: the envelope's {@code toString}).
 */
public final class ScriptedWebhookTransport implements WebhookTransport {
    public record Call(String url, Map<String, Object> envelope, Map<String, String> headers) {
    }

    private final Deque<Result> script = new ArrayDeque<>();
    private final List<Call> calls = new ArrayList<>();

    /** The next calls get these statuses, in order. */
    public ScriptedWebhookTransport answer(int... statuses) {
        for (int status : statuses) {
            script.add(Result.answered(status, "", 3));
        }
        return this;
    }

    public ScriptedWebhookTransport answer(Result result) {
        script.add(result);
        return this;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    @Override
    public Result post(Environment environment, String url, Map<String, Object> envelope,
                       Function<byte[], Map<String, String>> signatureHeaders, Duration timeout) {
        byte[] body = envelope.toString().getBytes(StandardCharsets.UTF_8);
        calls.add(new Call(url, envelope, signatureHeaders.apply(body)));
        Result next = script.poll();
        return next == null ? Result.answered(200, "", 3) : next;
    }
}
