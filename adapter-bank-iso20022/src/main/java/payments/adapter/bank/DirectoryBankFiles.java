package payments.adapter.bank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import payments.ports.driven.bankrail.BankFiles;

/**
 * The bank's folders on a local (or mounted) file system: files sent go to {@code outbox} whole (see
 * {@link AtomicFiles}), reports are taken from {@code inbox}, and a file handled moves to {@code archive/processed}
 * or, with a note of why, to {@code archive/quarantine}, so the inbox holds only what is still to do and nothing is
 * ever deleted. Several processes may share the folders: a file another one moved meanwhile is {@link Gone} to a
 * reader and silently done for a mover, and an archived name is never overwritten (a second one gets {@code .1}).
 *
 * <p>A name is one plain file name of letters, digits, {@code .}, {@code _} and {@code -}, not hidden, at most 200
 * characters: it can name nothing outside its folder. The inbox lists only such names; a file named otherwise stays
 * where it is for an operator to rename. Symbolic links are not followed.
 */
public final class DirectoryBankFiles implements BankFiles {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,200}");
    private static final int MAX_ARCHIVED_COPIES = 10_000;
    private final Path outbox;
    private final Path inbox;
    private final Path processed;
    private final Path quarantine;

    public DirectoryBankFiles(Path outbox, Path inbox, Path archive) {
        this.outbox = outbox;
        this.inbox = inbox;
        this.processed = archive.resolve("processed");
        this.quarantine = archive.resolve("quarantine");
        try {
            for (Path folder : List.of(outbox, inbox, processed, quarantine)) {
                Files.createDirectories(folder);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("creating the bank's folders", e);
        }
    }

    @Override
    public void send(String name, byte[] content) {
        requireName(name);
        try {
            AtomicFiles.write(outbox, name, content);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " to the outbox", e);
        }
    }

    @Override
    public List<String> inbox() {
        try (Stream<Path> files = Files.list(inbox)) {
            return files.filter(file -> Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS))
                    .map(file -> file.getFileName().toString())
                    .filter(DirectoryBankFiles::isWaiting)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("listing the inbox", e);
        }
    }

    @Override
    public byte[] read(String name, int maxBytes) {
        requireName(name);
        try (FileChannel channel = FileChannel.open(inbox.resolve(name), StandardOpenOption.READ,
                LinkOption.NOFOLLOW_LINKS)) {
            if (channel.size() > maxBytes) {
                throw tooLarge(name, maxBytes);
            }
            // Bounded again while reading: one byte past the limit tells a file that grew since its size was taken.
            byte[] content = Channels.newInputStream(channel).readNBytes((int) Math.min(Integer.MAX_VALUE - 8L,
                    maxBytes + 1L));
            if (content.length > maxBytes) {
                throw tooLarge(name, maxBytes);
            }
            return content;
        } catch (NoSuchFileException e) {
            throw new Gone(name + " is no longer in the inbox");
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " from the inbox", e);
        }
    }

    @Override
    public void done(String name) {
        requireName(name);
        archive(name, processed);
    }

    @Override
    public void quarantine(String name, String reason) {
        requireName(name);
        String archived = archive(name, quarantine);
        if (archived != null) {
            try {
                AtomicFiles.write(quarantine, archived + ".reason.txt",
                        String.valueOf(reason).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException("writing why " + name + " is quarantined", e);
            }
        }
    }

    /**
     * Moves {@code name} from the inbox into {@code folder} under a name no file there has yet (claimed by creating
     * it, so two processes never take the same one) and returns that name; null when the file is already gone.
     */
    private String archive(String name, Path folder) {
        Path source = inbox.resolve(name);
        if (!Files.exists(source, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try {
            Path target = claim(folder, name);
            try {
                Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (NoSuchFileException e) {
                Files.deleteIfExists(target);
                return null;
            }
            AtomicFiles.syncDirectory(folder);
            AtomicFiles.syncDirectory(inbox);
            return target.getFileName().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("moving " + name + " out of the inbox", e);
        }
    }

    private static Path claim(Path folder, String name) throws IOException {
        for (int copy = 0; copy < MAX_ARCHIVED_COPIES; copy++) {
            Path target = folder.resolve(copy == 0 ? name : name + "." + copy);
            try {
                return Files.createFile(target);
            } catch (FileAlreadyExistsException e) {
                // Taken: try the next suffix.
            }
        }
        throw new IOException(MAX_ARCHIVED_COPIES + " files named " + name + " are archived already");
    }

    private static boolean isWaiting(String name) {
        return NAME.matcher(name).matches() && !name.startsWith(".") && !name.endsWith(".part")
                && !name.endsWith(".tmp") && !name.endsWith(".filepart");
    }

    private static void requireName(String name) {
        if (name == null || !NAME.matcher(name).matches() || name.startsWith(".")) {
            throw new IllegalArgumentException("a bank file's name is 1 to 200 letters, digits, '.', '_' or '-',"
                    + " not starting with '.'");
        }
    }

    private static TooLarge tooLarge(String name, int maxBytes) {
        return new TooLarge(name + " is larger than " + maxBytes + " bytes");
    }
}
