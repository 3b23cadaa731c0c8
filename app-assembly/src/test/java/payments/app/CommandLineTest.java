package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The operator's command line, run as the operator runs it: a JVM of its own, its exit status and its output. */
class CommandLineTest {
    private record Run(int exit, String out, String err) {
    }

    private static Run run(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().keySet().removeIf(name -> name.startsWith("PAYMENTS_"));
        builder.environment().putAll(env);
        Process process = builder.start();
        var out = process.getInputStream().readAllBytes();
        var err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return new Run(process.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void help_works_whatever_the_configuration_holds() throws Exception {
        for (String help : new String[] {"--help", "-h", "help"}) {
            Run run = run(Map.of("PAYMENTS_PORT", "eighty"), help);

            assertEquals(0, run.exit(), run.err());
            assertTrue(run.out().startsWith("usage: "), run.out());
        }
    }

    @Test
    void an_unknown_command_fails_with_the_usage() throws Exception {
        Run run = run(Map.of(), "frobnicate");

        assertEquals(2, run.exit());
        assertTrue(run.err().startsWith("payments-server: unknown command frobnicate\nusage: "), run.err());
    }

    @Test
    void a_bad_option_or_setting_is_one_line_without_a_stack_trace() throws Exception {
        for (var bad : List.of(
                new Object[] {Map.of(), new String[] {"create-platform", "--name", "x", "--environment", "mars"}},
                new Object[] {Map.of(), new String[] {"create-token", "--platform", "nonsense"}},
                new Object[] {Map.of(), new String[] {"create-platform", "--name"}},
                new Object[] {Map.of("PAYMENTS_PORT", "eighty"), new String[] {"serve"}})) {
            @SuppressWarnings("unchecked")
            Run run = run((Map<String, String>) bad[0], (String[]) bad[1]);

            assertEquals(2, run.exit(), run.err());
            assertEquals(1, run.err().lines().count(), run.err());
            assertTrue(run.err().startsWith("payments-server: "), run.err());
            assertFalse(run.err().contains("Exception"), run.err());
        }
    }

    @Test
    void a_master_key_rotation_reseals_every_secret_and_the_old_key_then_no_longer_starts_the_server()
            throws Exception {
        try (var pg = payments.adapter.persistence.embedded.EmbeddedDatabase.startTemporary(false)) {
            String old = payments.adapter.persistence.secret.SecretBox.newMasterKey();
            String next = payments.adapter.persistence.secret.SecretBox.newMasterKey();
            Map<String, String> database = Map.of("PAYMENTS_DATABASE_URL", pg.jdbcUrl(),
                    "PAYMENTS_DATABASE_USER", pg.user(), "PAYMENTS_DATABASE_PASSWORD", pg.password());
            var withOld = new java.util.HashMap<>(database);
            withOld.put("PAYMENTS_MASTER_KEY", old);
            assertEquals(0, run(withOld, "create-platform", "--name", "sealed", "--environment", "sandbox").exit(),
                    "a platform whose secrets (webhook keys) are sealed under the old key");
            var rotating = new java.util.HashMap<>(withOld);
            rotating.put("PAYMENTS_NEW_MASTER_KEY", next);

            Run rotation = run(rotating, "rotate-master-key");
            Run oldAgain = run(withOld, "reconcile");
            var withNew = new java.util.HashMap<>(database);
            withNew.put("PAYMENTS_MASTER_KEY", next);
            Run newKey = run(withNew, "reconcile");

            assertEquals(0, rotation.exit(), rotation.err());
            assertTrue(rotation.out().contains("secrets sealed under the new key"), rotation.out());
            assertEquals(2, oldAgain.exit(), "the old key opens nothing now");
            assertTrue(oldAgain.err().startsWith("payments-server: the master key"), oldAgain.err());
            assertEquals(1, oldAgain.err().lines().count(), oldAgain.err());
            assertEquals(0, newKey.exit(), newKey.err());
        }
    }

    @Test
    void the_operator_enables_the_bank_rail_for_a_platforms_currency_and_a_wrong_account_is_one_line()
            throws Exception {
        try (var pg = payments.adapter.persistence.embedded.EmbeddedDatabase.startTemporary(false)) {
            Map<String, String> database = Map.of("PAYMENTS_DATABASE_URL", pg.jdbcUrl(),
                    "PAYMENTS_DATABASE_USER", pg.user(), "PAYMENTS_DATABASE_PASSWORD", pg.password(),
                    "PAYMENTS_MASTER_KEY", payments.adapter.persistence.secret.SecretBox.newMasterKey());
            Run created = run(database, "create-platform", "--name", "banked", "--currencies", "EUR,USD");
            assertEquals(0, created.exit(), created.err());
            String platform = created.out().lines().findFirst().orElseThrow().split(" ")[1];
            String iban = BankRailTest.newIban();

            Run wrong = run(database, "enable-bank-rail", "--platform", platform, "--currency", "EUR", "--name",
                    "Acme", "--iban", iban.substring(0, 4) + "0" + iban.substring(5), "--bic", "COBADEFFXXX");
            Run enabled = run(database, "enable-bank-rail", "--platform", platform, "--currency", "EUR", "--name",
                    "Acme Payments GmbH", "--iban", iban, "--bic", "COBADEFFXXX", "--cut-off-seconds", "900");

            assertEquals(2, wrong.exit(), wrong.err());
            assertEquals(1, wrong.err().lines().count(), wrong.err());
            assertTrue(wrong.err().contains("--iban"), wrong.err());
            assertEquals(0, enabled.exit(), enabled.err());
            assertTrue(enabled.out().contains("****" + iban.substring(iban.length() - 4)), enabled.out());
            assertTrue(enabled.out().contains("every 900 s"), enabled.out());
            assertFalse(enabled.out().contains(iban), "no whole account number printed");
        }
    }
}
