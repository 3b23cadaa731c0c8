package payments.adapter.http.body;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderMap;
import io.undertow.util.Headers;
import io.undertow.util.MultipartParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.validation.StorableText;

/**
 * A {@code multipart/form-data} body, parsed by Undertow's multipart parser as it arrives ({@link RequestBody#stream}:
 * the same deadline, 408): its text parts, and its file parts of at most {@code maxFileBytes} each (413 as soon as
 * one grows past it). A malformed body, a repeated part or too many parts is 400.
 */
public final class MultipartForm {
    /** Text parts, each at most this long: enough for any field the API takes. */
    static final int MAX_FIELD_BYTES = 4096;
    static final int MAX_PARTS = 20;

    /**
     * A file part: the name the client gave it (may be null) and its bytes, in memory ({@code content}) or, for a
     * large file, in a temporary file ({@code spooled}) deleted when the exchange ends.
     */
    public record FilePart(String fileName, byte[] content, Path spooled) {
        public InputStream open() throws IOException {
            return spooled != null ? Files.newInputStream(spooled) : new java.io.ByteArrayInputStream(content);
        }
    }

    private final Map<String, Object> fields;
    private final Map<String, FilePart> files;

    private MultipartForm(Map<String, Object> fields, Map<String, FilePart> files) {
        this.fields = Collections.unmodifiableMap(fields);
        this.files = Collections.unmodifiableMap(files);
    }

    /** Whether the request declares a multipart/form-data body. */
    public static boolean isMultipart(HttpServerExchange exchange) {
        String type = exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE);
        return type != null && type.toLowerCase(java.util.Locale.ROOT).startsWith("multipart/form-data");
    }

    /**
     * @param spoolTo where file parts are written as they arrive (deleted when the exchange ends), or null to keep
     *                them in memory
     */
    public static MultipartForm read(HttpServerExchange exchange, long maxFileBytes, long maxBodyBytes,
                                     long drainLimit, long timeoutMillis, Path spoolTo) {
        String boundary = parameter(exchange.getRequestHeaders().getFirst(Headers.CONTENT_TYPE), "boundary");
        if (boundary == null || boundary.isEmpty() || boundary.length() > 70) {
            throw malformed("its Content-Type names no boundary");
        }
        var parts = new Parts(maxFileBytes, spoolTo);
        exchange.addExchangeCompleteListener((done, next) -> {
            parts.deleteSpooled();
            next.proceed();
        });
        MultipartParser.ParseState state = MultipartParser.beginParse(exchange.getConnection().getByteBufferPool(),
                parts, boundary.getBytes(StandardCharsets.US_ASCII), StandardCharsets.UTF_8.name());
        try {
            RequestBody.stream(exchange, maxBodyBytes, drainLimit, timeoutMillis, chunk -> {
                if (!state.isComplete()) {
                    state.parse(chunk);
                }
            });
        } finally {
            parts.closeSpool();
        }
        if (!state.isComplete()) {
            throw malformed("it ends before its closing boundary");
        }
        return new MultipartForm(parts.fields, parts.files);
    }

    /** The text parts, by name, as a JSON object of strings would be (for the route's schema to check). */
    public Map<String, Object> fields() {
        return fields;
    }

    /** The file part of this name, or null. */
    public FilePart file(String name) {
        return files.get(name);
    }

    /** A header's parameter ({@code boundary}, {@code name}), or null; a header cut short names none. */
    private static String parameter(String header, String key) {
        try {
            return header == null ? null : Headers.extractQuotedValueFromHeader(header, key);
        } catch (IndexOutOfBoundsException cutShort) { // Undertow's reader runs past "boundary=" at the end
            return null;
        }
    }

    private static InvalidInput malformed(String why) {
        return new InvalidInput("INVALID_INPUT", "The multipart/form-data body is malformed: " + why);
    }

    /** Collects parts as the parser finds them. */
    private static final class Parts implements MultipartParser.PartHandler {
        private final long maxFileBytes;
        private final Path spoolTo;
        private final java.util.List<Path> spooled = new java.util.ArrayList<>();
        private OutputStream spool;
        private long spoolSize;
        private final Map<String, Object> fields = new LinkedHashMap<>();
        private final Map<String, FilePart> files = new LinkedHashMap<>();
        private String name;
        private String fileName;
        private boolean file;
        private ByteArrayOutputStream data;
        private int count;

        Parts(long maxFileBytes, Path spoolTo) {
            this.maxFileBytes = maxFileBytes;
            this.spoolTo = spoolTo;
        }

        void closeSpool() {
            if (spool != null) {
                try {
                    spool.close();
                } catch (IOException ignored) {
                    // the file is deleted with the exchange either way
                }
                spool = null;
            }
        }

        void deleteSpooled() {
            closeSpool();
            for (Path path : spooled) {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // a temporary file; the operating system's cleaning takes it
                }
            }
        }

        @Override
        public void beginPart(HeaderMap headers) {
            String disposition = headers.getFirst(Headers.CONTENT_DISPOSITION);
            name = parameter(disposition, "name");
            if (name == null || name.isEmpty()) {
                throw malformed("a part has no name");
            }
            if (++count > MAX_PARTS) {
                throw malformed("it has more than " + MAX_PARTS + " parts");
            }
            if (fields.containsKey(name) || files.containsKey(name)) {
                throw malformed("the part " + name + " is repeated");
            }
            fileName = parameter(disposition, "filename");
            file = fileName != null;
            data = new ByteArrayOutputStream();
            if (file && spoolTo != null) {
                try {
                    Path path = Files.createTempFile(spoolTo, "upload-", ".part");
                    spooled.add(path);
                    spool = Files.newOutputStream(path);
                    spoolSize = 0;
                } catch (IOException e) {
                    throw new IllegalStateException("cannot spool an upload to " + spoolTo, e);
                }
            }
        }

        @Override
        public void data(ByteBuffer buffer) throws IOException {
            if (spool != null) {
                spoolSize += buffer.remaining();
                if (spoolSize > maxFileBytes) {
                    throw new PayloadTooLarge("Files are limited to " + maxFileBytes + " bytes");
                }
                spool.write(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
                buffer.position(buffer.limit());
                return;
            }
            long limit = file ? maxFileBytes : MAX_FIELD_BYTES;
            if (data.size() + buffer.remaining() > limit) {
                if (file) {
                    throw new PayloadTooLarge("Files are limited to " + maxFileBytes + " bytes");
                }
                throw malformed("the part " + name + " is longer than " + MAX_FIELD_BYTES + " bytes");
            }
            byte[] bytes = new byte[buffer.remaining()];
            buffer.get(bytes);
            data.write(bytes);
        }

        @Override
        public void endPart() {
            if (file && spool != null) {
                closeSpool();
                files.put(name, new FilePart(fileName, null, spooled.get(spooled.size() - 1)));
                return;
            }
            if (file) {
                files.put(name, new FilePart(fileName, data.toByteArray(), null));
                return;
            }
            String value = new String(data.toByteArray(), StandardCharsets.UTF_8);
            String problem = StorableText.problem(value);
            if (problem != null) {
                throw InvalidFields.of(name, problem);
            }
            fields.put(name, value);
        }
    }
}
