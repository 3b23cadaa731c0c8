package payments.core.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import payments.core.webhook.AttemptOutcome;
import payments.core.webhook.DeliveryAttempt;

class StorableTextTest {
    @Test
    void a_nul_and_an_unpaired_surrogate_are_refused_and_a_pair_is_text() {
        assertEquals("must not contain the character U+0000", StorableText.problem("a\u0000b"));
        assertEquals("must not contain an unpaired surrogate (it is not Unicode text)", StorableText.problem("\uD800"));
        assertNull(StorableText.problem("emoji \uD83D\uDE00"));
    }

    @Test
    void cleaning_replaces_only_what_cannot_be_stored() {
        assertEquals("a\uFFFDb \uD83D\uDE00 \uFFFD", StorableText.cleaned("a\u0000b \uD83D\uDE00 \uDC00"));
        assertEquals("plain", StorableText.cleaned("plain"));
        assertNull(StorableText.cleaned(null));
    }

    @Test
    void an_endpoints_answer_is_logged_without_what_postgresql_cannot_store() {
        var attempt = DeliveryAttempt.answered(1, java.time.Instant.EPOCH, "https://x.example", 200, "ok\u0000", 5);

        assertEquals("ok\uFFFD", attempt.responseBody());
        assertEquals(AttemptOutcome.DELIVERED, attempt.outcome());
    }
}
