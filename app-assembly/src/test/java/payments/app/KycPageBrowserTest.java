package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import payments.core.platform.Environment;

/** The hosted verification page in a real browser ({@link Chromium}). */
class KycPageBrowserTest {
    private static ChromeDriver browser;
    private final ApiClient api = TestServer.newPlatform(Environment.SANDBOX);

    @BeforeAll
    static void startBrowser() {
        browser = Chromium.start();
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    private String link(String fullName) {
        Map<String, Object> body = new HashMap<>(CustomerApiTest.individual("browser-" + System.nanoTime()));
        body.put("fullName", fullName);
        String customer = api.post("/customers", body).string("id");
        return api.post("/customers/" + customer + "/kyc-link", null).string("kycUrl") + "#" + customer;
    }

    @Test
    void an_end_user_finishes_the_verification_with_a_click() {
        String[] url = link("Ada Lovelace").split("#");
        browser.get(url[0]);
        assertEquals("Verify your identity", browser.getTitle());
        assertTrue(browser.findElement(By.tagName("body")).getText().contains("Ada Lovelace"));

        browser.findElement(By.id("approve")).click();

        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.getTitle().equals("Verification finished"));
        assertTrue(browser.findElement(By.id("outcome")).getText().contains("APPROVED"));
        assertEquals("APPROVED", api.get("/customers/" + url[1]).string("kycStatus"));
    }

    @Test
    void a_name_made_of_markup_is_shown_as_text_and_runs_nothing() {
        String name = "<img src=x onerror=alert(1)>";
        browser.get(link(name).split("#")[0]);
        assertTrue(browser.findElement(By.tagName("strong")).getText().equals(name));
        assertTrue(browser.findElements(By.tagName("img")).isEmpty());
        try {
            browser.switchTo().alert();
            throw new AssertionError("a script ran");
        } catch (NoAlertPresentException expected) {
            // nothing ran
        }
        browser.findElement(By.id("fail")).click();
        new WebDriverWait(browser, Duration.ofSeconds(10)).until(d -> d.getTitle().equals("Verification finished"));
        assertTrue(browser.findElement(By.id("outcome")).getText().contains("REJECTED"));
    }
}
