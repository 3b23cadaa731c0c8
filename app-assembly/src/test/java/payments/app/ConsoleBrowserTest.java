package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import payments.core.platform.Environment;

/** The sandbox console in a real browser ({@link Chromium}): screenshots of its views in target/screenshots. */
class ConsoleBrowserTest {
    /** How long a view may take: the server may still be busy with an earlier test class's background jobs. */
    private static final Duration WAIT = Duration.ofSeconds(30);
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

    private static String console() {
        return "http://localhost:" + TestServer.get().port() + "/console/";
    }

    /** Opens the console signed out, then signs in with {@code client}'s token. */
    private static void signIn(ApiClient client) {
        browser.get(console());
        browser.executeScript("sessionStorage.clear()");
        // A fresh document: one loaded with the last test's token may still be drawing that platform's views.
        browser.navigate().refresh();
        WebElement token = waitFor(By.id("input-token"));
        token.sendKeys(client.credentials());
        browser.findElement(By.cssSelector("#sign-in button")).click();
        waitFor(By.cssSelector("#nav a"));
    }

    private static WebElement waitFor(By locator) {
        return new WebDriverWait(browser, WAIT).ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElements(locator).stream()
                .filter(WebElement::isDisplayed).findFirst().orElse(null));
    }

    private static void waitForText(By locator, String text) {
        // A view is drawn anew after each action: an element read while it is replaced is read again.
        new WebDriverWait(browser, WAIT).ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElements(locator).stream().anyMatch(e -> e.getText().contains(text)));
    }

    @Test
    void a_developer_signs_in_creates_a_customer_funds_an_account_and_checks_the_ledger() throws Exception {
        signIn(api);
        assertEquals("SANDBOX", browser.findElement(By.id("environment")).getText());
        Chromium.screenshot(browser, "console-customers");

        browser.findElement(By.id("input-fullName")).sendKeys("Grace Hopper");
        browser.findElement(By.cssSelector("#create-customer button")).click();
        waitForText(By.cssSelector("h1.name"), "Grace Hopper");
        String id = browser.getCurrentUrl().substring(browser.getCurrentUrl().indexOf("#/customers/") + 12)
                .replace("%3A", ":");
        assertEquals("APPROVED", api.get("/customers/" + id).string("kycStatus"));

        WebElement usd = browser.findElements(By.cssSelector("tbody tr")).stream()
                .filter(row -> row.findElement(By.cssSelector("td.balance")).getText().endsWith("USD"))
                .findFirst().orElseThrow();
        usd.findElement(By.name("amount")).sendKeys("12345");
        usd.findElement(By.tagName("button")).click();
        waitForText(By.cssSelector("td.balance"), "123.45 USD");
        Chromium.screenshot(browser, "console-customer");
        String account = (String) api.get("/customers/internal-accounts?currency=USD&customerId=" + id).data().get(0)
                .get("id");
        assertEquals(12_345L, ((Map<?, ?>) api.get("/customers/internal-accounts?currency=USD&customerId=" + id)
                .data().get(0).get("balance")).get("amount"));

        String external = api.post("/customers/external-accounts", AccountApiTest.usdAccount(id, "123456789"))
                .string("id");
        String paid = api.post("/transfer-out", Map.of("source", Map.of("accountId", account), "destination",
                Map.of("accountId", external), "amount", 2_345)).string("id");
        browser.get(console() + "#/accounts/" + account);
        waitForText(By.cssSelector("tbody"), paid);
        waitForText(By.cssSelector("td.amount"), "23.45 USD");
        assertEquals(2, browser.findElements(By.cssSelector("#balance-chart circle")).size(), "funded, then paid");
        browser.get(console() + "#/transactions/" + paid);
        waitForText(By.cssSelector("#postings"), "-2345 USD");
        Chromium.screenshot(browser, "console-account-transactions");

        browser.findElement(By.linkText("Ledger check")).click();
        waitForText(By.id("ledger-result"), "Balanced");
        browser.findElement(By.linkText("Clock")).click();
        browser.findElement(waitForId("input-seconds")).sendKeys("30");
        browser.findElement(By.cssSelector("#advance-clock button")).click();
        waitForExactText(By.tagName("dd"), "30");
        Chromium.screenshot(browser, "console-clock");
    }

    /** Waits for an element whose whole text is {@code text} (the clock's offset, not a time that contains it). */
    private static void waitForExactText(By locator, String text) {
        new WebDriverWait(browser, WAIT).ignoring(StaleElementReferenceException.class)
                .until(d -> d.findElements(locator).stream().anyMatch(e -> e.getText().equals(text)));
    }

    private static By waitForId(String id) {
        waitFor(By.id(id));
        return By.id(id);
    }

    @Test
    void a_transfer_to_a_005_account_fails_when_the_clock_moves_and_its_timeline_shows_the_delivered_events()
            throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start()) {
            assertEquals(200, api.patch("/config", Map.of("webhookEndpoint", receiver.url())).status());
            var body = CustomerApiTest.individual("console-payer-" + System.nanoTime());
            body.put("kycStatus", "APPROVED");
            String id = api.post("/customers", body).string("id");
            String usd = (String) api.get("/customers/internal-accounts?currency=USD&customerId=" + id).data()
                    .get(0).get("id");
            api.post("/sandbox/internal-accounts/" + usd + "/fund", Map.of("amount", 50_000));
            signIn(api);
            browser.get(console() + "#/customers/" + id);
            new Select(waitFor(By.id("input-suffix"))).selectByValue("005");
            browser.findElement(By.cssSelector("#add-external-account button")).click();
            waitForText(By.id("input-destination"), "ExternalAccount:");
            new Select(browser.findElement(By.id("input-source"))).selectByValue(usd);
            browser.findElement(By.cssSelector("#transfer-out input[name=amount]")).sendKeys("1000");
            browser.findElement(By.cssSelector("#transfer-out button")).click();
            waitForText(By.tagName("dd"), "PROCESSING");
            String transaction = browser.getCurrentUrl();

            browser.findElement(By.linkText("Clock")).click();
            browser.findElement(waitForId("input-seconds")).sendKeys("30");
            browser.findElement(By.cssSelector("#advance-clock button")).click();
            waitForExactText(By.tagName("dd"), "30");
            browser.get(transaction);
            waitForText(By.tagName("dd"), "FAILED");
            waitForText(By.cssSelector("#timeline"), "OUTGOING_PAYMENT.FAILED");
            waitForText(By.cssSelector("#postings"), "Nothing yet."); // its hold released, nothing posted
            Chromium.screenshot(browser, "console-transaction-timeline");

            browser.findElement(By.linkText("OUTGOING_PAYMENT.FAILED")).click();
            String event = browser.getCurrentUrl();
            new WebDriverWait(browser, WAIT).ignoring(StaleElementReferenceException.class)
                    .until(d -> {
                        d.get(event);
                        waitFor(By.tagName("h1"));
                        return d.findElements(By.cssSelector("td.response-status")).stream()
                                .anyMatch(cell -> cell.getText().equals("200"));
                    });
            Chromium.screenshot(browser, "console-webhook-delivery");
            browser.findElement(By.linkText("Webhooks")).click();
            waitForText(By.cssSelector("#webhook-backlog"), "DELIVERED: ");
            assertTrue(browser.findElement(By.cssSelector("#webhook-backlog")).getText().contains("PENDING: "));
            Chromium.screenshot(browser, "console-webhooks");
            assertTrue(receiver.ofType("OUTGOING_PAYMENT.FAILED").size() >= 1);
        }
    }

    /** A customer whose KYC is approved, and its USD account. */
    private record Funded(String id, String usdAccount) {
    }

    /** A customer approved, its USD account funded with 500.00. */
    private Funded approvedAndFunded(String prefix) {
        var body = CustomerApiTest.individual(prefix + System.nanoTime());
        body.put("kycStatus", "APPROVED");
        String id = api.post("/customers", body).string("id");
        String usd = (String) api.get("/customers/internal-accounts?currency=USD&customerId=" + id).data().get(0)
                .get("id");
        api.post("/sandbox/internal-accounts/" + usd + "/fund", Map.of("amount", 50_000));
        return new Funded(id, usd);
    }

    @Test
    void a_card_is_issued_and_authorized_and_a_uma_payment_received_from_the_console() throws Exception {
        Funded customer = approvedAndFunded("console-cardholder-");
        String id = customer.id();
        String usd = customer.usdAccount();
        signIn(api);
        browser.get(console() + "#/customers/" + id);
        new Select(waitFor(By.id("input-cardSource"))).selectByValue(usd);
        browser.findElement(By.cssSelector("#issue-card button")).click();
        waitForText(By.tagName("tbody"), "PROCESSING");
        api.post("/sandbox/clock/advance", Map.of("seconds", 5));
        browser.navigate().refresh();
        WebElement authorize = waitFor(By.cssSelector("form[id^=authorize-]"));
        Chromium.screenshot(browser, "console-cards");
        authorize.findElement(By.name("amount")).sendKeys("1250");
        authorize.findElement(By.tagName("button")).click();
        waitForText(By.tagName("dd"), "AUTHORIZED");
        assertTrue(browser.getCurrentUrl().contains("CardTransaction"));
        browser.findElement(waitForId("input-clearAmount")).sendKeys("1250");
        browser.findElement(By.cssSelector("#clearing button")).click();
        waitForExactText(By.tagName("dd"), "SETTLED");
        browser.findElement(waitForId("input-returnAmount")).sendKeys("1250");
        browser.findElement(By.cssSelector("#return button")).click();
        waitForExactText(By.tagName("dd"), "REFUNDED");
        Chromium.screenshot(browser, "console-card-transaction");
        browser.findElement(By.cssSelector("#return-reversal button")).click();
        waitForExactText(By.tagName("dd"), "SETTLED");
        assertEquals(48_750L, ((Map<?, ?>) api.get("/customers/internal-accounts?currency=USD&customerId=" + id)
                .data().get(0).get("balance")).get("amount"), "the authorization cleared, returned, taken back");

        browser.get(console() + "#/customers/" + id);
        new Select(waitFor(By.id("input-receivingCurrency"))).selectByValue("USD");
        browser.findElement(By.id("input-receivingAmount")).sendKeys("777");
        browser.findElement(By.cssSelector("#uma-receive button")).click();
        waitForText(By.tagName("dd"), "INCOMING");
    }

    @Test
    void a_quote_is_made_and_executed_from_the_console() throws Exception {
        Funded customer = approvedAndFunded("console-fx-");
        String id = customer.id();
        String usd = customer.usdAccount();
        String eur = api.post("/customers/external-accounts", Map.of("customerId", id, "currency", "EUR",
                "accountInfo", Map.of("accountType", "EUR_ACCOUNT", "iban", "DE89370400440532013000",
                        "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Ada Lovelace",
                                "countryOfResidence", "DE", "address", Map.of("line1", "1 Main St",
                                        "postalCode", "10115", "country", "DE"))))).string("id");
        signIn(api);
        browser.get(console() + "#/customers/" + id);
        new Select(waitFor(By.id("input-quoteSource"))).selectByValue(usd);
        new Select(browser.findElement(By.id("input-quoteDestination"))).selectByValue(eur);
        browser.findElement(By.id("input-quoteAmount")).sendKeys("1000");
        browser.findElement(By.cssSelector("#quote button")).click();
        waitForText(By.id("quote-result"), "Quote:");
        browser.findElement(By.cssSelector("#execute-quote button")).click();
        waitForText(By.tagName("body"), "Made by");
        browser.findElement(By.partialLinkText("Quote:")).click();
        waitForExactText(By.tagName("h1"), "Quote");
        Chromium.screenshot(browser, "console-quote");
    }

    @Test
    void a_name_made_of_markup_is_shown_as_its_text_and_runs_nothing() {
        String name = "<img src=x onerror=alert(1)>";
        var body = CustomerApiTest.individual("markup-" + System.nanoTime());
        body.put("fullName", name);
        api.post("/customers", body);
        signIn(api);
        waitForText(By.cssSelector("td.name"), name);
        assertTrue(browser.findElements(By.tagName("img")).isEmpty());
        try {
            browser.switchTo().alert();
            throw new AssertionError("an alert ran");
        } catch (NoAlertPresentException expected) {
            // nothing ran
        }
    }

    @Test
    void a_production_platform_reads_without_the_sandbox_actions_and_sign_out_forgets_the_token() {
        ApiClient production = TestServer.newPlatform(Environment.PRODUCTION);
        String id = production.post("/customers", CustomerApiTest.individual("prod-console")).string("id");
        signIn(production);
        assertEquals("PRODUCTION", browser.findElement(By.id("environment")).getText());
        assertTrue(browser.findElements(By.linkText("Clock")).isEmpty());
        assertTrue(browser.findElements(By.id("create-customer")).isEmpty());
        browser.get(console() + "#/customers/" + id);
        waitForText(By.cssSelector("h1.name"), "Ada Lovelace");
        assertTrue(browser.findElements(By.cssSelector("form[id^=fund-]")).isEmpty());

        browser.findElement(By.id("sign-out")).click();
        waitFor(By.id("input-token"));
        assertNull(browser.executeScript("return sessionStorage.getItem('payments.console.token')"));
    }

    @Test
    void the_console_allows_no_inline_script_and_api_answers_are_not_cached() throws Exception {
        var client = HttpClient.newHttpClient();
        var page = client.send(HttpRequest.newBuilder(URI.create(console())).build(),
                HttpResponse.BodyHandlers.ofString());
        String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
        assertTrue(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), policy);
        assertTrue(!page.body().contains("<script>"), "no inline script");
        assertEquals("no-store", api.get("/config").raw().headers().firstValue("Cache-Control").orElse(null));
        assertEquals(404, client.send(HttpRequest.newBuilder(URI.create(console() + "secrets.txt")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
    }
}
