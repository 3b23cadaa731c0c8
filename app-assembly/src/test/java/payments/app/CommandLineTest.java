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
}
