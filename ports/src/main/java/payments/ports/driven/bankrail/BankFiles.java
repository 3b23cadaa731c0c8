package payments.ports.driven.bankrail;

import java.util.List;

/**
 * The folders the service shares with its bank: files it sends go to the outbox, reports come into the inbox. A
 * directory adapter serves local (or mounted) folders; an SFTP or EBICS adapter would serve the same port.
 */
public interface BankFiles {
    /** Writes a file to the outbox whole or not at all (written aside, flushed to disk, then renamed). */
    void send(String name, byte[] content);

    /** The names of the files waiting in the inbox, oldest name first. */
    List<String> inbox();

    /**
     * A waiting file's bytes; {@link TooLarge} past {@code maxBytes}, {@link Gone} when another process took it
     * meanwhile.
     */
    byte[] read(String name, int maxBytes);

    /** Moves a file out of the inbox once applied (or found to be a duplicate). */
    void done(String name);

    /** Moves a file out of the inbox into quarantine, with a note of {@code reason} beside it. */
    void quarantine(String name, String reason);

    /** A file past the size limit. */
    final class TooLarge extends RuntimeException {
        public TooLarge(String message) {
            super(message);
        }
    }

    /** A file no longer in the inbox. */
    final class Gone extends RuntimeException {
        public Gone(String message) {
            super(message);
        }
    }
}
