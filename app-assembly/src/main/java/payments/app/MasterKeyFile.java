package payments.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import payments.adapter.persistence.secret.PrivateFile;
import payments.adapter.persistence.secret.SecretBox;

/**
 * The master key kept in the data directory ({@code master.key}, mode 0600) when {@code PAYMENTS_MASTER_KEY} is not
 * set: made at the first start. Processes that share a database must share their key, so they set the variable.
 */
final class MasterKeyFile {
    private MasterKeyFile() {
    }

    static Path in(Path dataDir) {
        return dataDir.resolve("master.key");
    }

    /** The key in {@code file}, made there first if there is none. */
    static String loadOrCreate(Path file) {
        try {
            if (!Files.exists(file)) {
                PrivateFile.write(file, SecretBox.newMasterKey() + "\n");
            }
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read or write the master key " + file, e);
        }
    }

    /** Writes {@code key} beside {@code file} before a rotation, so a crash in between leaves it on disk. */
    static Path stage(Path file, String key) {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        try {
            PrivateFile.write(next, key + "\n");
            return next;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + next, e);
        }
    }

    /** The staged key becomes the key, once every secret is sealed under it. */
    static void commit(Path staged, Path file) {
        try {
            Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("the secrets are sealed under the key in " + staged
                    + "; move it to " + file + " by hand", e);
        }
    }
}
