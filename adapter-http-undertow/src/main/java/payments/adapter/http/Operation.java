package payments.adapter.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.json.JsonSchema;
import payments.core.page.PageRequest;
import payments.core.validation.JsonType;

/**
 * What a route takes and answers, as its OpenAPI operation publishes it: the request body's schema (the very rule
 * its command checks the body with), the query parameters it reads (it may read no other:
 * {@link QueryParams}), the headers it honours, and its answers by status.
 */
public final class Operation {
    private final String summary;
    private JsonType body;
    private boolean bodyRequired;
    private String filePart;
    private String fileDescription;
    private long spooledFileBytes;
    private final Map<String, Map<String, Object>> query = new LinkedHashMap<>();
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<Integer, Answer> answers = new LinkedHashMap<>();
    private final List<Shape> shapes = new ArrayList<>();
    private boolean idempotent;
    private boolean keyRequired;
    private boolean signed;
    private Access access = Access.API_TOKEN;

    /** Who may call a route: a platform's API token (HTTP Basic), an agent's access token (Bearer), or anyone. */
    public enum Access {
        API_TOKEN, AGENT, NONE
    }

    /** An answer: its schema, or null for none (204); {@code description} says what it is. */
    public record Answer(String description, Map<String, Object> schema) {
    }

    private Operation(String summary) {
        this.summary = summary;
    }

    public static Operation of(String summary) {
        return new Operation(summary);
    }

    /** A JSON body the route requires, checked by {@code schema}. */
    public Operation body(JsonType schema) {
        this.body = schema;
        this.bodyRequired = true;
        return this;
    }

    /**
     * A {@code multipart/form-data} body: text parts checked by {@code fields} and a required file part named
     * {@code filePart}, described by {@code fileDescription}. The route reads it with {@link Request#form()}.
     */
    public Operation multipart(JsonType fields, String filePart, String fileDescription) {
        this.body = fields;
        this.bodyRequired = true;
        this.filePart = filePart;
        this.fileDescription = fileDescription;
        return this;
    }

    /** A JSON body the route takes if sent (an action whose fields are all optional). */
    public Operation optionalBody(JsonType schema) {
        this.body = schema;
        this.bodyRequired = false;
        return this;
    }

    public Operation query(String name, Map<String, Object> schema) {
        query.put(name, schema);
        return this;
    }

    /** A request header the route reads, besides those every route or {@link #idempotent} and {@link #signed} do. */
    public Operation header(String name, String description) {
        headers.put(name, description);
        return this;
    }

    /** {@code limit} and {@code cursor}, as {@link QueryParams#page} reads them. */
    public Operation paged() {
        query.put("limit", Map.of("type", "integer", "minimum", 1, "maximum", PageRequest.MAX_LIMIT,
                "default", PageRequest.DEFAULT_LIMIT));
        return query("cursor", JsonSchema.string());
    }

    /** Called by an agent with its access token ({@code Authorization: Bearer}), not with an API token. */
    public Operation byAgent() {
        this.access = Access.AGENT;
        return this;
    }

    /** Called with no credentials: what the request carries is its own proof (a device code). */
    public Operation withoutCredentials() {
        this.access = Access.NONE;
        return this;
    }

    public Access access() {
        return access;
    }

    /** Honours {@code Idempotency-Key}: a repeat gets the first answer. */
    public Operation idempotent() {
        this.idempotent = true;
        return this;
    }

    /** {@link #idempotent}, the key required: a request without one is 400 (the reference's stablecoin creates). */
    public Operation idempotencyKeyRequired() {
        this.keyRequired = true;
        return idempotent();
    }

    /**
     * A signed-retry action of an embedded wallet: the first call answers 202 with what to sign, the retry carries
     * the signature.
     */
    public Operation signed(Shape challenge) {
        this.signed = true;
        return answers(202, "What to sign; repeat the call with the signature", challenge);
    }

    public Operation answers(int status, String description, Shape shape) {
        shapes.add(shape);
        answers.put(status, new Answer(description, shape.ref()));
        return this;
    }

    /** A list of {@code item}s in pages ({@code data}, {@code hasMore}, {@code nextCursor}). */
    public Operation answersPage(Shape item) {
        shapes.add(item);
        answers.put(200, new Answer("A page of " + item.name() + "s", JsonSchema.page(item.ref())));
        return this;
    }

    /** Every {@code item} in one {@code data} list. */
    public Operation answersList(Shape item) {
        shapes.add(item);
        answers.put(200, new Answer("Every " + item.name(), JsonSchema.data(item.ref())));
        return this;
    }

    public Operation answersNothing(int status, String description) {
        answers.put(status, new Answer(description, null));
        return this;
    }

    public String summary() {
        return summary;
    }

    public JsonType body() {
        return body;
    }

    /** The file part of a multipart body, or null for a JSON body. */
    public String filePart() {
        return filePart;
    }

    /**
     * The multipart's file is large (up to {@code maxBytes}): written to a temporary file as it arrives instead of
     * held in memory.
     */
    public Operation spooledFile(long maxBytes) {
        this.spooledFileBytes = maxBytes;
        return this;
    }

    /** The most a spooled file part may hold, or 0 when the file is kept in memory. */
    public long spooledFileBytes() {
        return spooledFileBytes;
    }

    public String fileDescription() {
        return fileDescription;
    }

    public boolean isMultipart() {
        return filePart != null;
    }

    public boolean bodyRequired() {
        return bodyRequired;
    }

    public Map<String, Map<String, Object>> query() {
        return Collections.unmodifiableMap(query);
    }

    public Map<String, String> headers() {
        return Collections.unmodifiableMap(headers);
    }

    public Map<Integer, Answer> answers() {
        return Collections.unmodifiableMap(answers);
    }

    /** The named schemas the answers refer to. */
    public List<Shape> shapes() {
        return Collections.unmodifiableList(shapes);
    }

    public boolean isIdempotent() {
        return idempotent;
    }

    public boolean isKeyRequired() {
        return keyRequired;
    }

    public boolean isSigned() {
        return signed;
    }
}
