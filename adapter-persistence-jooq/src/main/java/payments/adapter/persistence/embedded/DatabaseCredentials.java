package payments.adapter.persistence.embedded;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;
import payments.adapter.persistence.secret.PrivateFile;

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

    private static void create(Path file, DatabaseCredentials credentials) throws IOException {
        PrivateFile.write(file, "# The embedded PostgreSQL's passwords. Keep this file private (mode 0600).\n"
                + "superuser.password=" + credentials.superuserPassword + "\n"
                + "owner.password=" + credentials.ownerPassword + "\n");
    }

    /** 192 random bits, URL-safe Base64: nothing to quote in SQL or a properties file. */
    private static String random() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
