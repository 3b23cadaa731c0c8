package payments.adapter.http.server;

/** What the listener tells monitoring (each request that ended) and serves for it ({@code GET /metrics}). */
public interface Monitoring {
    /** Nothing measured, no {@code /metrics}. */
    Monitoring NONE = new Monitoring() {
        @Override
        public void request(String method, String route, int status, long nanos) {
        }

        @Override
        public String scrape() {
            return null;
        }

        @Override
        public String contentType() {
            return "text/plain";
        }
    };

    /** A request that ended: {@code route} is its template, or a fixed word when it matched none. */
    void request(String method, String route, int status, long nanos);

    /** Every metric, as text; null when there are none to serve. */
    String scrape();

    /** The content type of {@link #scrape}. */
    String contentType();
}
