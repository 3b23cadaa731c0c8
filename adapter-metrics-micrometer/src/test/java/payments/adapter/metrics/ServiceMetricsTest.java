package payments.adapter.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;
import payments.ports.driven.Backlogs;

class ServiceMetricsTest {
    @Test
    void requests_are_counted_by_template_and_status_class_and_unknown_methods_stay_one_series() {
        try (ServiceMetrics metrics = new ServiceMetrics()) {
            metrics.request("GET", "/customers/{customerId}", 404, TimeUnit.MILLISECONDS.toNanos(3));
            metrics.request("GET", "/customers/{customerId}", 410, TimeUnit.MILLISECONDS.toNanos(30));
            metrics.request("BREW", "unmatched", 404, 1_000);
            metrics.request("COFFEE", "unmatched", 404, 1_000);

            String text = metrics.scrape();

            assertTrue(text.contains("http_server_requests_seconds_count{method=\"GET\","
                    + "route=\"/customers/{customerId}\",status=\"4xx\"} 2"), text);
            assertTrue(text.contains("http_server_requests_seconds_bucket{method=\"GET\","
                    + "route=\"/customers/{customerId}\",status=\"4xx\",le=\"0.005\"} 1"), text);
            assertTrue(text.contains("method=\"OTHER\",route=\"unmatched\",status=\"4xx\"} 2"), text);
            assertFalse(text.contains("BREW"), "a client's method names make no series of their own");
        }
    }

    @Test
    void batches_ledger_checks_and_backlogs_are_reported() {
        try (ServiceMetrics metrics = new ServiceMetrics()) {
            AtomicInteger waiting = new AtomicInteger(7);
            metrics.queue("TransferOuts", waiting::get);
            metrics.batchRan("TransferOuts", 40);
            metrics.ledgerChecked(0);
            metrics.ledgerChecked(3);
            AtomicInteger asked = new AtomicInteger();
            Instant now = Instant.parse("2026-01-01T00:00:00Z");
            BacklogGauges.register(metrics.registry(), new Backlogs() {
                @Override
                public Map<PlatformId, Backlog> webhookEvents(Instant at) {
                    asked.incrementAndGet();
                    return Map.of(new PlatformId(new UUID(0, 1)), new Backlog(10, Duration.ofSeconds(90)),
                            new PlatformId(new UUID(0, 2)), new Backlog(2, Duration.ofSeconds(3)));
                }

                @Override
                public Backlog dueJobs(Instant at) {
                    return new Backlog(2, Duration.ofMillis(1500));
                }

                @Override
                public Backlog bankTransfersAwaiting(Instant at) {
                    return new Backlog(4, Duration.ofHours(2));
                }

                @Override
                public long bankReportsQuarantined() {
                    return 1;
                }
            }, () -> now);

            String text = metrics.scrape();
            metrics.scrape();

            assertTrue(text.contains("payments_batch_queue{batch=\"TransferOuts\"} 7.0"), text);
            assertTrue(text.contains("payments_batch_size_count{batch=\"TransferOuts\"} 1"), text);
            assertTrue(text.contains("payments_ledger_check_failures_total 1.0"), text);
            assertTrue(text.contains("payments_webhook_backlog 12.0"), text);
            assertTrue(text.contains("payments_webhook_backlog_oldest_seconds 90.0"), text);
            String next = metrics.scrape(); // the per-platform series of the read that the first scrape made
            assertTrue(next.contains("payments_webhook_platform_backlog{platform=\"00000000-0000-0000-0000-000000000001\"} 10.0"), next);
            assertTrue(next.contains("payments_webhook_platform_backlog{platform=\"00000000-0000-0000-0000-000000000002\"} 2.0"), next);
            assertTrue(next.contains("payments_webhook_platform_backlog_oldest_seconds{platform=\"00000000-0000-0000-0000-000000000001\"} 90.0"), next);
            assertTrue(text.contains("payments_jobs_due 2.0"), text);
            assertTrue(text.contains("payments_jobs_due_oldest_seconds 1.5"), text);
            assertTrue(text.contains("payments_bank_transfers_awaiting 4.0"), text);
            assertTrue(text.contains("payments_bank_transfers_awaiting_oldest_seconds 7200.0"), text);
            assertTrue(text.contains("payments_bank_reports_quarantined 1.0"), text);
            assertEquals(1, asked.get(), "the database is asked once per freshness window, not per gauge");
        }
    }
}
