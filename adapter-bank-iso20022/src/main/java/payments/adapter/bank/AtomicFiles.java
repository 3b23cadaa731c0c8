package payments.adapter.bank;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Files written whole or not at all, and durably: the bytes go to a hidden {@code .part} file beside the target,
 * are forced to disk, and the file is renamed over the target in one step; then the directory itself is forced, so
 * the rename survives a crash. A reader of the folder (the bank's transfer process) never sees half a file.
 */
final class AtomicFiles {
    private AtomicFiles() {
    }

    static void write(Path directory, String name, byte[] content) throws IOException {
        Path part = directory.resolve("." + UUID.randomUUID() + ".part");
        try {
            try (FileChannel channel = FileChannel.open(part, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.move(part, directory.resolve(name), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(part);
        }
        syncDirectory(directory);
    }

    /**
     * Forces a directory's entries (a rename into or out of it) to disk. Some platforms (Windows) cannot open a
     * directory: there the rename's durability is the file system's.
     */
    static void syncDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Not supported here; nothing more can be done than what the rename did.
        }
    }
}
