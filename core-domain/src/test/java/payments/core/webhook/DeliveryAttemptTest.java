package payments.core.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeliveryAttemptTest {
    @Test
    void the_log_keeps_a_short_start_of_the_answer_without_control_characters() {
        var attempt = DeliveryAttempt.answered(1, Instant.EPOCH, "https://x.example", 500,
                "\u001b[31mfailed\r\nline two\ttab" + "x".repeat(1000), 5);

        assertEquals(DeliveryAttempt.MAX_LOGGED_BODY, attempt.responseBody().length());
        assertEquals("\uFFFD[31mfailed\uFFFD\nline two\ttab", attempt.responseBody().substring(0, 25));
    }
}
