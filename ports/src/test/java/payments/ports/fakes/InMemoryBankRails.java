package payments.ports.fakes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.id.PlatformId;
import payments.ports.driven.bankrail.BankRails;

/** The bank rail's records in memory: rails, batches as given, reports claimed and quarantined by key. */
public final class InMemoryBankRails implements BankRails {
    private final List<BankRail> rails = new ArrayList<>();
    private final Map<UUID, BankBatch> batches = new LinkedHashMap<>();
    private final List<UUID> sent = new ArrayList<>();
    private final Map<String, String> reports = new LinkedHashMap<>();

    public void add(BankBatch batch) {
        batches.put(batch.id(), batch);
    }

    /** The batches marked sent, in order. */
    public List<UUID> sent() {
        return sent;
    }

    /** The reports seen, by key: {@code APPLIED} or the quarantine's reason. */
    public Map<String, String> reports() {
        return reports;
    }

    @Override
    public void save(BankRail rail) {
        rails.removeIf(r -> r.platform().equals(rail.platform()) && r.currency().equals(rail.currency()));
        rails.add(rail);
    }

    @Override
    public Optional<BankRail> rail(PlatformId platform, String currency) {
        return rails.stream().filter(r -> r.platform().equals(platform) && r.currency().equals(currency))
                .findFirst();
    }

    @Override
    public List<BankRail> rails(PlatformId platform) {
        return rails.stream().filter(r -> r.platform().equals(platform)).toList();
    }

    @Override
    public Optional<BankRail> railOfAccount(String account) {
        return rails.stream().filter(r -> r.debtor().identifier().equals(account)).findFirst();
    }

    @Override
    public void queue(CreditTransfer transfer) {
        throw new UnsupportedOperationException("not kept here");
    }

    @Override
    public boolean withdraw(PlatformId platform, UUID transactionId) {
        return false;
    }

    @Override
    public Optional<BankBatch> takeQueued(BankRail rail, UUID batchId, String messageId, Instant now) {
        return Optional.empty();
    }

    @Override
    public Optional<BankBatch> batch(PlatformId platform, UUID batchId) {
        return Optional.ofNullable(batches.get(batchId)).filter(b -> b.platform().equals(platform));
    }

    @Override
    public void markSent(PlatformId platform, UUID batchId, Instant now) {
        sent.add(batchId);
    }

    @Override
    public Optional<SentTransfer> sentTransfer(String endToEndId) {
        return Optional.empty();
    }

    @Override
    public List<SentTransfer> sentTransfers(String messageId) {
        return List.of();
    }

    @Override
    public void markTransfer(PlatformId platform, UUID transactionId, String status, Instant now) {
    }

    @Override
    public boolean claimReport(String messageId, String kind, String fileName, Instant now) {
        return reports.putIfAbsent(messageId, "APPLIED") == null;
    }

    @Override
    public boolean quarantine(String key, String fileName, String reason, Instant now) {
        return reports.putIfAbsent(key, reason) == null;
    }
}
