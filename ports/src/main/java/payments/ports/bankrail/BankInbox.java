package payments.ports.bankrail;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import payments.core.bankrail.BankReport.Malformed;
import payments.core.bankrail.BankReport;
import payments.core.error.DomainError;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.bankrail.BankFiles;
import payments.ports.driven.bankrail.BankMessages;
import payments.ports.driven.bankrail.BankRails;
import payments.ports.time.PlatformClock;

/**
 * Reads the bank's reports from the inbox, each exactly once. A report is claimed by its message id and applied in
 * one transaction, and only then moved out of the inbox: a crash before the commit leaves the file to be read again,
 * a crash after it leaves a duplicate that the claim turns away, and two processes reading the same file apply it
 * once. A file that cannot be read, or names what the service does not know, is quarantined whole with its reason
 * (a line in the log, a row in the report records, a note beside the file), never half-applied.
 */
public final class BankInbox {
    /** A report larger than this is refused unread: the largest a day's notifications reasonably reach. */
    public static final int MAX_BYTES = 32 * 1024 * 1024;
    private static final Logger LOG = Logger.getLogger(BankInbox.class.getName());

    private final BankFiles files;
    private final BankMessages messages;
    private final BankRails rails;
    private final BankReportEffects effects;
    private final PlatformClock clock;
    private final TransactionRunner tx;
    private final FileRetries retries = new FileRetries();

    public BankInbox(BankFiles files, BankMessages messages, BankRails rails, BankReportEffects effects,
                     PlatformClock clock, TransactionRunner tx) {
        this.files = files;
        this.messages = messages;
        this.rails = rails;
        this.effects = effects;
        this.clock = clock;
        this.tx = tx;
    }

    /**
     * Reads every file waiting now; returns how many it applied (duplicates and quarantined ones not counted). A file
     * that fails for a reason of the service's (the database gone, a fault) stays in the inbox and is tried again
     * after a growing pause, while the files after it are read.
     */
    public int readAll() {
        int applied = 0;
        List<String> waiting = files.inbox();
        retries.keepOnly(waiting);
        for (String name : waiting) {
            if (Thread.currentThread().isInterrupted()) {
                break;
            }
            if (!retries.due(name, clock.realNow())) {
                continue;
            }
            try {
                if (read(name)) {
                    applied++;
                }
                retries.succeeded(name);
            } catch (RuntimeException e) {
                Duration pause = retries.failed(name, clock.realNow());
                LOG.log(Level.WARNING, "bank report " + name + " could not be read; trying again in "
                        + pause.toSeconds() + " s", e);
            }
        }
        return applied;
    }

    private boolean read(String name) {
        byte[] bytes;
        try {
            bytes = files.read(name, MAX_BYTES);
        } catch (BankFiles.Gone e) {
            return false;
        } catch (BankFiles.TooLarge e) {
            quarantine(name, "too-large:" + name, "larger than " + MAX_BYTES + " bytes");
            return false;
        }
        BankReport report;
        try {
            report = messages.read(bytes);
        } catch (Malformed e) {
            quarantine(name, "sha256:" + sha256(bytes), e.getMessage());
            return false;
        }
        boolean applied;
        try {
            applied = tx.inTransaction(() -> {
                boolean first = rails.claimReport(report.messageId(), kind(report), name, clock.realNow());
                if (first) {
                    effects.apply(report);
                }
                return first;
            });
        } catch (Malformed | DomainError e) { // a refusal of the report's content, whenever it is read
            quarantine(name, report.messageId(), e.getMessage());
            return false;
        }
        files.done(name);
        if (applied) {
            LOG.info(() -> "bank report " + name + " (" + kind(report) + " " + report.messageId() + ") applied");
        } else {
            LOG.info(() -> "bank report " + name + " (" + report.messageId() + ") was applied before; skipped");
        }
        return applied;
    }

    private void quarantine(String name, String key, String reason) {
        tx.inTransaction(() -> rails.quarantine(key, name, reason, clock.realNow()));
        LOG.warning(() -> "bank report " + name + " quarantined: " + reason);
        files.quarantine(name, reason);
    }

    private static String kind(BankReport report) {
        return report instanceof BankReport.StatusReport ? "pain.002" : "camt.054";
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
