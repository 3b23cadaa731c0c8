package payments.adapter.persistence.embedded;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;

/**
 * The embedded server's two passwords, random, made once and kept in a file only the service's user may read (mode
 * 0600): the superuser's, used only to set the server up, and the owner role's, which the service connects with.
 */
record DatabaseCredentials(String superuserPassword, String ownerPassword) {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The passwords kept in {@code file}, made and written there first if it does not exist yet. */
    static DatabaseCredentials at(Path file) {
        try {
            if (!Files.exists(file)) {
                create(file, new DatabaseCredentials(random(), random()));
            }
            Properties p = new Properties();
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                p.load(in);
            }
            String superuser = p.getProperty("superuser.password");
            String owner = p.getProperty("owner.password");
            if (superuser == null || owner == null) {
                throw new IllegalStateException(file + " lacks superuser.password or owner.password");
            }
            return new DatabaseCredentials(superuser, owner);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read or write " + file, e);
        }
    }

    /** A file readable by its owner alone from the moment it exists (created with its mode, not changed after). */
    static void writePrivate(Path file, String content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer out = Files.newBufferedWriter(createPrivate(file), StandardCharsets.UTF_8,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            out.write(content);
        }
    }

    private static Path createPrivate(Path file) throws IOException {
        try {
            return Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                    "rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            return Files.createFile(file);
        } catch (FileAlreadyExistsException e) {
            return file;
        }
    }

    private static void create(Path file, DatabaseCredentials credentials) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.deleteIfExists(partial);
        writePrivate(partial, "# The embedded PostgreSQL's passwords. Keep this file private (mode 0600).\n"
                + "superuser.password=" + credentials.superuserPassword + "\n"
                + "owner.password=" + credentials.ownerPassword + "\n");
        Files.move(partial, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** 192 random bits, URL-safe Base64: nothing to quote in SQL or a properties file. */
    private static String random() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
