package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.TestDatabase;
import payments.core.platform.Environment;

/**
 * Guessing device codes: a server of its own, with the default limit (the shared test server allows the fuzzers
 * more), so that its refusals of this host's address touch no other test.
 */
class AgentDeviceCodeGuessingTest {
    @Test
    void a_client_sending_wrong_codes_is_refused_for_a_while_and_others_are_not() throws IOException {
        Config config = Config.fromEnvironment(Map.of()).withPort(0)
                .withDatabase(TestDatabase.url(), TestDatabase.user(), TestDatabase.password());
        try (PaymentsServer server = PaymentsServer.start(config)) {
            var platform = server.wiring().platforms.create("test-" + UUID.randomUUID(), Environment.SANDBOX,
                    "test.example", List.of("USD", "EUR", "MXN", "USDC"));
            ApiClient api = new ApiClient(server.port(), platform.firstToken().credentials());
            String customer = api.post("/customers", CustomerApiTest.individual("guessed")).string("id");
            String code = (String) ((Map<?, ?>) api.post("/agents", Map.of("name", "bot", "customerId", customer,
                    "policy", AgentApiTest.auto())).body().get("deviceCode")).get("code");
            for (int i = 0; i < 10; i++) {
                assertEquals(404, redeem(api, "BBBB-BB" + (char) ('B' + i / 5) + (char) ('B' + i % 5)).status());
            }
            var limited = redeem(api, "CCCC-CCCC");
            assertEquals(429, limited.status());
            assertEquals("RATE_LIMITED", limited.code());
            long retryAfter = Long.parseLong(limited.raw().headers().firstValue("Retry-After").orElseThrow());
            assertTrue(retryAfter > 500 && retryAfter <= 600, String.valueOf(retryAfter));
            assertEquals(429, redeem(api, code).status(), "while refused, even the right code is not tried");

            // Another address has its own count: the code is still good there.
            String reply = postFrom("127.0.0.2", server.port(), "/2025-10-13/agents/device-codes/" + code
                    + "/redeem");
            assertTrue(reply.startsWith("HTTP/1.1 200"), reply);
            assertTrue(reply.contains("\"accessToken\""), reply);
        }
    }

    private static ApiClient.Reply redeem(ApiClient api, String code) {
        return api.exchange("POST", "/agents/device-codes/" + code + "/redeem", null, null, null);
    }

    /** A bodiless POST sent from {@code source} (a loopback address of this host), its whole answer as text. */
    private static String postFrom(String source, int port, String path) throws IOException {
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(source, 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
