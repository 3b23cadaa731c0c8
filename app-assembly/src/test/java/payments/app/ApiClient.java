package payments.app;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import payments.core.id.PlatformId;

/** A platform's view of the API over real HTTP: Basic auth, JSON in and out. */
final class ApiClient {
    static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private final int port;
    private final String credentials;
    private final Map<String, String> headers;
    /** An agent's access token, sent as Bearer instead of the platform's Basic credentials; null for those. */
    private final String agentToken;

    ApiClient(int port, String credentials) {
        this(port, credentials, Map.of(), null);
    }

    private ApiClient(int port, String credentials, Map<String, String> headers, String agentToken) {
        this.port = port;
        this.credentials = credentials;
        this.headers = headers;
        this.agentToken = agentToken;
    }

    /** The same client, sending one more header on every request. */
    ApiClient withHeader(String name, String value) {
        var more = new java.util.HashMap<>(headers);
        more.put(name, value);
        return new ApiClient(port, credentials, Map.copyOf(more), agentToken);
    }

    /** A client calling as an agent, with its access token (Authorization: Bearer). */
    ApiClient asAgent(String accessToken) {
        return new ApiClient(port, credentials, headers, accessToken);
    }

    record Reply(int status, Map<String, Object> body, HttpResponse<String> raw) {
        String code() {
            return (String) body.get("code");
        }

        String string(String field) {
            return (String) body.get(field);
        }

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> data() {
            return (List<Map<String, Object>>) body.get("data");
        }

        /** The field paths of a 400 INVALID_INPUT. */
        @SuppressWarnings("unchecked")
        List<String> invalidFields() {
            var details = (Map<String, Object>) body.get("details");
            return ((List<Map<String, Object>>) details.get("errors")).stream()
                    .map(e -> (String) e.get("field")).toList();
        }
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, Object body) {
        return send("POST", path, body);
    }

    Reply patch(String path, Object body) {
        return send("PATCH", path, body);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    /**
     * Sets one currency's {@code supportedCurrencies} item, replacing the platform's or adding it, with sending
     * limits {@code min}..{@code max} and the payments it allows.
     */
    @SuppressWarnings("unchecked")
    void configureCurrency(String code, long min, long max, String... enabledTransactionTypes) {
        List<Map<String, Object>> currencies = new java.util.ArrayList<>();
        for (Object c : (List<?>) get("/config").body().get("supportedCurrencies")) {
            if (!code.equals(((Map<?, ?>) c).get("currencyCode"))) {
                currencies.add((Map<String, Object>) c);
            }
        }
        currencies.add(Map.of("currencyCode", code, "minAmount", min, "maxAmount", max,
                "requiredCounterpartyFields", List.of(), "enabledTransactionTypes", List.of(enabledTransactionTypes)));
        Reply reply = patch("/config", Map.of("supportedCurrencies", currencies));
        if (reply.status() != 200) {
            throw new AssertionError("PATCH /config: " + reply.raw().body());
        }
    }

    Reply send(String method, String path, Object body) {
        try {
            String json = body == null ? null : body instanceof String s ? s : JSON.writeValueAsString(body);
            return exchange(method, path, json, "application/json", authorization());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A raw exchange: any body, content type and Authorization header (null to omit). */
    Reply exchange(String method, String path, String body, String contentType, String authorization) {
        return exchange(method, path, body == null ? null : HttpRequest.BodyPublishers.ofString(body), body,
                contentType, authorization);
    }

    /**
     * A {@code multipart/form-data} request: text parts, and a file part {@code file} unless {@code content} is null.
     * The conformance check sees the text parts as the body, with the file as a placeholder string.
     */
    Reply multipart(String method, String path, Map<String, String> fields, String fileName, byte[] content) {
        var form = new Multipart();
        fields.forEach(form::text);
        if (content != null) {
            form.file("file", fileName, content);
        }
        return multipart(method, path, form.bytes(), form.contentType(), form.seen());
    }

    /** A multipart body as built (however broken), with the parts the conformance check should see. */
    Reply multipart(String method, String path, byte[] body, String contentType, Map<String, Object> seen) {
        try {
            return exchange(method, path, HttpRequest.BodyPublishers.ofByteArray(body),
                    JSON.writeValueAsString(seen), contentType, authorization());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Builds a {@code multipart/form-data} body part by part. */
    static final class Multipart {
        final String boundary = "----payments-test-" + System.nanoTime();
        private final java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        private final Map<String, Object> seen = new java.util.LinkedHashMap<>();

        Multipart text(String name, String value) {
            return part("Content-Disposition: form-data; name=\"" + name + "\"", name,
                    value.getBytes(StandardCharsets.UTF_8), value);
        }

        Multipart file(String name, String fileName, byte[] content) {
            return part("Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + fileName
                    + "\"\r\nContent-Type: application/octet-stream", name, content, "(" + content.length + " bytes)");
        }

        /** A part with these header lines and bytes, whatever they are. */
        Multipart part(String headers, String seenName, byte[] content, Object seenValue) {
            body.writeBytes(("--" + boundary + "\r\n" + headers + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(content);
            body.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
            if (seenName != null) {
                seen.put(seenName, seenValue);
            }
            return this;
        }

        byte[] bytes() {
            var copy = new java.io.ByteArrayOutputStream();
            copy.writeBytes(body.toByteArray());
            copy.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return copy.toByteArray();
        }

        /** The body so far, without its closing boundary. */
        byte[] unclosed() {
            return body.toByteArray();
        }

        String contentType() {
            return "multipart/form-data; boundary=" + boundary;
        }

        Map<String, Object> seen() {
            return seen;
        }
    }

    /** Raw bytes with a content type of the caller's, checked as no body by the conformance check. */
    Reply raw(String method, String path, byte[] body, String contentType) {
        return exchange(method, path, HttpRequest.BodyPublishers.ofByteArray(body), null, contentType,
                authorization());
    }

    /** A JSON body sent in chunks, without a Content-Length (the server cannot size it before reading it). */
    Reply postChunked(String path, String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return exchange("POST", path, HttpRequest.BodyPublishers.ofInputStream(
                () -> new java.io.ByteArrayInputStream(bytes)), json, "application/json", authorization());
    }

    /**
     * Sends a request and checks the exchange against the server's OpenAPI description ({@link OpenApiConformance}):
     * a test whose traffic the description does not allow fails.
     */
    private Reply exchange(String method, String path, HttpRequest.BodyPublisher body, String bodyText,
                           String contentType, String authorization) {
        try {
            var builder = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/2025-10-13" + path))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
            if (body != null && contentType != null) {
                builder.header("Content-Type", contentType);
            }
            if (authorization != null) {
                builder.header("Authorization", authorization);
            }
            headers.forEach(builder::header);
            HttpResponse<String> response = HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            List<String> problems = OpenApiConformance.forServer(port).problems(method, path, bodyText,
                    response.statusCode(), response.body());
            if (!problems.isEmpty()) {
                throw new AssertionError("The exchange does not conform to /openapi.json: " + problems);
            }
            Map<String, Object> parsed = response.body().isEmpty() ? Map.of()
                    : JSON.readValue(response.body(), new TypeReference<>() { });
            return new Reply(response.statusCode(), parsed, response);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String authorization() {
        if (agentToken != null) {
            return "Bearer " + agentToken;
        }
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    /** The Basic-auth credentials, to reach the same platform through another server. */
    String credentials() {
        return credentials;
    }

    PlatformId platformId() {
        return PlatformId.parse("id", (String) get("/config").body().get("id"));
    }
}
