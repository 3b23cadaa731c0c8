package payments.core.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {
    @Test
    void the_published_schedule_is_eight_attempts_over_about_27_hours() {
        int max = RetrySchedule.maxAttempts("CUSTOMER.KYC_PENDING");
        List<Duration> waits = new ArrayList<>();
        for (int attempt = 1; attempt <= max; attempt++) {
            RetrySchedule.delayAfter(attempt, max).ifPresent(waits::add);
        }

        assertEquals(8, max);
        assertEquals(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5), Duration.ofMinutes(30),
                Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10), Duration.ofHours(10)), waits);
        assertEquals(Duration.parse("PT27H35M5S"), waits.stream().reduce(Duration.ZERO, Duration::plus));
        assertEquals(Optional.empty(), RetrySchedule.delayAfter(8, max));
    }

    @Test
    void a_test_event_is_tried_once_and_a_replay_gets_exactly_the_attempts_it_is_given() {
        assertEquals(1, RetrySchedule.maxAttempts("TEST"));
        assertEquals(Optional.empty(), RetrySchedule.delayAfter(1, 1));
        assertEquals(Optional.empty(), RetrySchedule.delayAfter(9, 9), "a replay of an exhausted event");
        assertEquals(Optional.of(Duration.ofHours(10)), RetrySchedule.delayAfter(9, 12), "capped at the last wait");
    }

    @Test
    void a_2xx_or_a_409_acknowledges_and_anything_else_does_not() {
        for (int status : new int[] {200, 201, 202, 204, 299, 409}) {
            assertTrue(RetrySchedule.acknowledges(status), String.valueOf(status));
        }
        for (int status : new int[] {100, 301, 400, 401, 404, 410, 429, 500, 503}) {
            assertFalse(RetrySchedule.acknowledges(status), String.valueOf(status));
        }
    }
}
