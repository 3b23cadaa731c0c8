package payments.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium, headless, driven by its ChromeDriver, for the tests of pages. Where it is not installed the
 * calling test is skipped, unless {@code PAYMENTS_BROWSER_TESTS=required} (CI installs it and sets that).
 */
final class Chromium {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private Chromium() {
    }

    static ChromeDriver start() {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        if ("required".equals(System.getenv("PAYMENTS_BROWSER_TESTS"))) {
            assertTrue(installed, "Chromium and ChromeDriver are required: apt-get install chromium chromium-driver");
        }
        Assumptions.assumeTrue(installed, "Chromium is not installed");
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless=new",
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,900");
        return new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .build(), options);
    }

    /** The page as shown now, in {@code target/screenshots/<name>.png}, for a reviewer to look at. */
    static void screenshot(ChromeDriver browser, String name) throws Exception {
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), dir.resolve(name + ".png"),
                StandardCopyOption.REPLACE_EXISTING);
    }
}
