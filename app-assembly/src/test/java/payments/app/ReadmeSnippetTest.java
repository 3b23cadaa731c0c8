package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's webhook verification code is the code the webhook tests verify with ({@link Signatures}). */
class ReadmeSnippetTest {
    /** The method's statements: the lines after its signature up to its return, stripped of indentation. */
    private static List<String> body(String text, String signature) {
        int start = text.indexOf(signature);
        int end = text.indexOf(";", text.indexOf("return ", start)) + 1;
        return text.substring(start, end).lines().skip(1).map(String::strip).toList();
    }

    @Test
    void the_readme_verifier_is_the_tested_one() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String tested = Files.readString(Path.of("src", "test", "java", "payments", "app", "Signatures.java"));

        assertEquals(body(tested, "static boolean readmeVerify("), body(readme, "static boolean verify("));
    }
}
