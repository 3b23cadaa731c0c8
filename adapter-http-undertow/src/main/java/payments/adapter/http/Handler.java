package payments.adapter.http;

/** One route's work: translate the request into a use-case call and its result into a response. */
@FunctionalInterface
public interface Handler {
    Response handle(Request request);
}
