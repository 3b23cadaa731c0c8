package payments.adapter.persistence.secret;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** A file only its owner may read (mode 0600 from the moment it exists), written whole or not at all. */
public final class PrivateFile {
    private PrivateFile() {
    }

    /** Writes {@code content} to {@code file} through a private temporary file moved into place. */
    public static void write(Path file, String content) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        writeDirectly(partial, content);
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes {@code content} to {@code file}, created private if it does not exist. */
    public static void writeDirectly(Path file, String content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer out = Files.newBufferedWriter(create(file), StandardCharsets.UTF_8, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(content);
        }
    }

    private static Path create(Path file) throws IOException {
        try {
            return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                    "rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            return Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            return file;
        }
    }
}
