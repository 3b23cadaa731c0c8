package payments.ports.fakes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import payments.core.id.PlatformId;
import payments.ports.driven.Jobs;

/** Scheduled jobs in memory; a claimed job is handed out once (nothing runs concurrently in memory). */
public final class InMemoryJobs implements Jobs {
    private final List<Job> pending = new ArrayList<>();

    @Override
    public void schedule(Job job) {
        pending.add(job);
    }

    public List<Job> scheduled() {
        return List.copyOf(pending);
    }

    @Override
    public Optional<Job> claimDue(Instant realNow) {
        return pending.stream().filter(j -> !j.dueAt().isAfter(realNow)).min(Comparator.comparing(Job::dueAt));
    }

    @Override
    public Optional<Job> claimDue(PlatformId platform, Instant realNow) {
        return pending.stream().filter(j -> j.platform().equals(platform) && !j.dueAt().isAfter(realNow))
                .min(Comparator.comparing(Job::dueAt));
    }

    @Override
    public boolean awaitDue(PlatformId platform, Instant realNow) {
        return claimDue(platform, realNow).isPresent(); // nothing runs elsewhere, so nothing to wait for
    }

    @Override
    public boolean isDue(PlatformId platform, String kind, String key, String value, Instant platformNow) {
        return pending.stream().anyMatch(j -> j.platform().equals(platform) && j.kind().equals(kind)
                && value.equals(String.valueOf(j.payload().get(key))) && !j.dueAt().isAfter(platformNow));
    }

    @Override
    public void markDone(PlatformId platform, UUID id, Instant now) {
        pending.removeIf(j -> j.platform().equals(platform) && j.id().equals(id));
    }

    @Override
    public void markFailed(PlatformId platform, UUID id, String error, Instant retryAt, boolean giveUp, Instant now) {
        pending.replaceAll(j -> j.platform().equals(platform) && j.id().equals(id)
                ? new Job(platform, id, j.kind(), j.payload(), retryAt, j.attempts() + 1) : j);
        if (giveUp) {
            markDone(platform, id, now);
        }
    }
}
