package payments.bench;

import java.nio.file.Path;
import java.util.List;

/** The real server jar as a child process, so it can be killed with SIGKILL and started again on the same port. */
final class ServerProcess {
    private final Path jar;
    private final DbLogin database;
    private final String token;
    private final int port;
    private final Process process;

    private ServerProcess(Path jar, DbLogin database, String token, int port, Process process) {
        this.jar = jar;
        this.database = database;
        this.token = token;
        this.port = port;
        this.process = process;
    }

    static ServerProcess start(Path jar, DbLogin database, String token) throws Exception {
        return start(jar, database, token, Faults.freePort());
    }

    private static ServerProcess start(Path jar, DbLogin database, String token, int port) throws Exception {
        // Its output goes to a file of its own (appended across restarts), so a server that does not come up says why.
        java.io.File log = new java.io.File(System.getProperty("java.io.tmpdir"), "payments-faults-server-" + port
                + ".log");
        ProcessBuilder builder = new ProcessBuilder(List.of("java", "-Xmx256m", "-jar", jar.toString()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log));
        loginTo(database, builder);
        builder.environment().put("PAYMENTS_PORT", Integer.toString(port));
        builder.environment().put("PAYMENTS_SANDBOX_TOKEN", token);
        ServerProcess server = new ServerProcess(jar, database, token, port, builder.start());
        Faults.waitUntilUp(new Api(port, token));
        return server;
    }

    int port() {
        return port;
    }

    /** SIGKILL: no shutdown hook, no graceful close. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A new sandbox platform through the jar's operator command; its first token's credentials. */
    static String createPlatform(Path jar, DbLogin database, String name) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of("java", "-jar", jar.toString(), "create-platform", "--name",
                name, "--environment", "sandbox", "--currencies", "USD,EUR")).redirectErrorStream(true);
        loginTo(database, builder);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String marker = "First API token (shown once): ";
        int at = output.indexOf(marker);
        if (process.waitFor() != 0 || at < 0) {
            throw new IllegalStateException("create-platform failed: " + output);
        }
        return output.substring(at + marker.length()).lines().findFirst().orElseThrow().trim();
    }

    /** The database's address and login, handed to the child in its environment (never on its command line). */
    private static void loginTo(DbLogin database, ProcessBuilder builder) {
        builder.environment().put("PAYMENTS_DATABASE_URL", database.url());
        builder.environment().put("PAYMENTS_DATABASE_USER", database.user());
        builder.environment().put("PAYMENTS_DATABASE_PASSWORD", database.password());
    }

    ServerProcess restart() throws Exception {
        return start(jar, database, token, port);
    }
}
