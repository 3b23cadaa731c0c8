package payments.adapter.bank;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.CreditTransfer;
import payments.core.id.PlatformId;
import payments.ports.driven.bankrail.BankRails;

/** The bank rail's records in memory, for tests that need no database. */
final class InMemoryBankRails implements BankRails {
    private final Map<String, BankRail> rails = new LinkedHashMap<>();
    final List<CreditTransfer> queued = new ArrayList<>();
    private final Map<UUID, BankBatch> batches = new LinkedHashMap<>();
    private final Map<UUID, String> statuses = new HashMap<>();
    private final Set<String> reports = new HashSet<>();
    private final Set<String> quarantined = new HashSet<>();

    @Override
    public void save(BankRail rail) {
        rails.put(key(rail.platform(), rail.currency()), rail);
    }

    @Override
    public Optional<BankRail> rail(PlatformId platform, String currency) {
        return Optional.ofNullable(rails.get(key(platform, currency)));
    }

    @Override
    public List<BankRail> rails(PlatformId platform) {
        return rails.values().stream().filter(r -> r.platform().equals(platform)).toList();
    }

    @Override
    public Optional<BankRail> railOfAccount(String account) {
        return rails.values().stream().filter(r -> account.equals(r.debtor().identifier())).findFirst();
    }

    @Override
    public void queue(CreditTransfer transfer) {
        queued.add(transfer);
    }

    @Override
    public boolean withdraw(PlatformId platform, UUID transactionId) {
        return queued.removeIf(t -> t.platform().equals(platform) && t.transactionId().equals(transactionId));
    }

    @Override
    public Optional<BankBatch> takeQueued(BankRail rail, UUID batchId, String messageId, Instant now) {
        List<CreditTransfer> taken = queued.stream().filter(t -> t.platform().equals(rail.platform())
                && t.currency().equals(rail.currency())).toList();
        if (taken.isEmpty()) {
            return Optional.empty();
        }
        queued.removeAll(taken);
        BankBatch batch = new BankBatch(rail.platform(), batchId, messageId, rail.currency(), rail.debtor(), now,
                taken);
        batches.put(batchId, batch);
        return Optional.of(batch);
    }

    @Override
    public Optional<BankBatch> batch(PlatformId platform, UUID batchId) {
        return Optional.ofNullable(batches.get(batchId)).filter(b -> b.platform().equals(platform));
    }

    @Override
    public void markSent(PlatformId platform, UUID batchId, Instant now) {
    }

    @Override
    public Optional<SentTransfer> sentTransfer(String endToEndId) {
        return sent().stream().filter(s -> endToEndIdOf(s).equals(endToEndId)).findFirst();
    }

    @Override
    public List<SentTransfer> sentTransfers(String messageId) {
        return sent().stream().filter(s -> s.messageId().equals(messageId)).toList();
    }

    @Override
    public void markTransfer(PlatformId platform, UUID transactionId, String status, Instant now) {
        statuses.put(transactionId, status);
    }

    @Override
    public boolean claimReport(String messageId, String kind, String fileName, Instant now) {
        return reports.add(messageId);
    }

    @Override
    public boolean quarantine(String key, String fileName, String reason, Instant now) {
        return quarantined.add(key);
    }

    private List<SentTransfer> sent() {
        return batches.values().stream().flatMap(b -> b.transfers().stream().map(t -> new SentTransfer(
                t.platform(), t.transactionId(), b.messageId(), t.currency(), t.amountMinor(),
                statuses.get(t.transactionId())))).toList();
    }

    private String endToEndIdOf(SentTransfer sent) {
        return batches.values().stream().flatMap(b -> b.transfers().stream())
                .filter(t -> t.transactionId().equals(sent.transactionId())).map(CreditTransfer::endToEndId)
                .filter(Objects::nonNull).findFirst().orElse("");
    }

    private static String key(PlatformId platform, String currency) {
        return platform.value() + "/" + currency;
    }
}
