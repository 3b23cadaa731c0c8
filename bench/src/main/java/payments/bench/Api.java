package payments.bench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The load generator's HTTP side: blocking HTTP/1.1 over one keep-alive connection per thread and server, JSON in
 * and out. Deliberately small: it shares the machine's cores with the server and PostgreSQL, and the JDK's async
 * client spends much of the process's CPU on its own machinery. A request whose connection fails throws
 * {@link UncheckedIOException} (the fault suite counts it as unanswered); the connection is then dropped.
 */
final class Api {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_MILLIS = 10_000;
    /**
     * The reconciliation check reads the whole ledger: after a full run (millions of entries) it can take well over
     * 10 s on a slow host, and a run must fail for an unbalanced ledger, not for want of an answer.
     */
    private static final int CHECK_TIMEOUT_MILLIS = 600_000;
    /** The server closes connections idle for a minute; one idle this long is replaced rather than reused. */
    private static final long MAX_IDLE_NANOS = 20_000_000_000L;
    private static final ThreadLocal<Map<Integer, Connection>> CONNECTIONS = ThreadLocal.withInitial(HashMap::new);
    private final int port;
    private final String prefix;
    private final String authorization;

    Api(int port, String credentials) {
        this("Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)), port);
    }

    /** A client sending this {@code Authorization} header. */
    private Api(String authorization, int port) {
        this.port = port;
        this.prefix = "/2025-10-13";
        this.authorization = authorization;
    }

    /** The same server called by an agent, with its access token (Bearer). */
    Api asAgent(String accessToken) {
        return new Api("Bearer " + accessToken, port);
    }

    record Reply(int status, byte[] bytes) {
        boolean ok() {
            return status / 100 == 2;
        }

        JsonNode body() {
            try {
                return bytes.length == 0 ? JSON.nullNode() : JSON.readTree(bytes);
            } catch (IOException e) {
                return JSON.nullNode();
            }
        }

        /**
         * A top-level field of the JSON body as text (null if absent), read by streaming rather than by building
         * the tree: the load generator shares the cores with what it measures.
         */
        String text(String field) {
            try (JsonParser p = JSON.getFactory().createParser(bytes)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    boolean wanted = p.currentName().equals(field);
                    p.nextToken();
                    if (wanted) {
                        return p.getValueAsString();
                    }
                    p.skipChildren();
                }
                return null;
            } catch (IOException e) {
                return null;
            }
        }
    }

    Reply send(String method, String path, Object body, boolean idempotent) {
        return send(method, path, body, idempotent ? UUID.randomUUID().toString() : null);
    }

    /** Sends with the given Idempotency-Key (none when null) and waits for the answer. */
    Reply send(String method, String path, Object body, String idempotencyKey) {
        return send(method, path, body, idempotencyKey, TIMEOUT_MILLIS);
    }

    private Reply send(String method, String path, Object body, String idempotencyKey, int timeoutMillis) {
        Connection connection = CONNECTIONS.get().get(port);
        if (connection != null && System.nanoTime() - connection.lastUsed > MAX_IDLE_NANOS) {
            connection.close();
            connection = null;
        }
        try {
            if (connection == null) {
                connection = new Connection(port);
                CONNECTIONS.get().put(port, connection);
            }
            byte[] content = body == null ? new byte[0] : body instanceof Upload upload ? upload.bytes()
                    : JSON.writeValueAsBytes(body);
            StringBuilder head = new StringBuilder(256).append(method).append(' ').append(prefix).append(path)
                    .append(" HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ").append(authorization)
                    .append("\r\nContent-Length: ").append(content.length).append("\r\n");
            if (body != null) {
                head.append("Content-Type: ").append(body instanceof Upload upload ? upload.contentType()
                        : "application/json").append("\r\n");
            }
            if (idempotencyKey != null) {
                head.append("Idempotency-Key: ").append(idempotencyKey).append("\r\n");
            }
            head.append("\r\n");
            return connection.exchange(head.toString().getBytes(StandardCharsets.US_ASCII), content, timeoutMillis);
        } catch (IOException e) {
            if (connection != null) {
                connection.close();
            }
            CONNECTIONS.get().remove(port);
            throw new UncheckedIOException(e);
        }
    }

    /** A file sent as the {@code file} part of a {@code multipart/form-data} body. */
    record Upload(String boundary, String fileName, byte[] file) {
        Upload(String fileName, byte[] file) {
            this("----bench-" + UUID.randomUUID(), fileName, file);
        }

        String contentType() {
            return "multipart/form-data; boundary=" + boundary;
        }

        byte[] bytes() {
            var out = new java.io.ByteArrayOutputStream(file.length + 256);
            out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                    + fileName + "\"\r\nContent-Type: text/csv\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(file);
            out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
            return out.toByteArray();
        }
    }

    /** Uploads a file and waits long for the answer (an import reads and stages every row first); 2xx required. */
    Reply upload(String path, String fileName, byte[] file) {
        return required("POST", path, send("POST", path, new Upload(fileName, file), null, CHECK_TIMEOUT_MILLIS));
    }

    /** Closes the calling thread's connections (a load thread that is done). */
    static void release() {
        CONNECTIONS.get().values().forEach(Connection::close);
        CONNECTIONS.remove();
    }

    /** Sends and requires a 2xx answer. */
    Reply call(String method, String path, Object body) {
        return required(method, path, send(method, path, body, false));
    }

    private static Reply required(String method, String path, Reply reply) {
        if (!reply.ok()) {
            throw new IllegalStateException(method + " " + path + " -> " + reply.status() + " " + reply.body());
        }
        return reply;
    }

    /** Whether the sandbox's reconciliation check finds the ledger balanced (waits as long as the check takes). */
    boolean ledgerBalanced() {
        String path = "/sandbox/ledger/check";
        return required("GET", path, send("GET", path, null, null, CHECK_TIMEOUT_MILLIS)).body().get("balanced")
                .asBoolean();
    }

    /** One keep-alive connection: writes a request, reads the status line, headers and body (sized or chunked). */
    private static final class Connection {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;
        private long lastUsed = System.nanoTime();

        Connection(int port) throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
            // Buffered, so a request leaves in one write, as curl sends a small one: written apart, its head and
            // body would reach the server as two segments, and its I/O thread and worker could each wake twice.
            out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        }

        Reply exchange(byte[] head, byte[] content, int timeoutMillis) throws IOException {
            socket.setSoTimeout(timeoutMillis);
            out.write(head);
            out.write(content);
            out.flush();
            String status = line();
            int code = Integer.parseInt(status.substring(9, 12));
            int length = -1;
            boolean chunked = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String lower = header.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(lower.substring(15).trim());
                } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                    chunked = true;
                }
            }
            Reply reply = new Reply(code, chunked ? chunks() : in.readNBytes(Math.max(length, 0)));
            lastUsed = System.nanoTime();
            return reply;
        }

        private byte[] chunks() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                 size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
            return body.toByteArray();
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder(64);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed by the server");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already broken
            }
        }
    }
}
