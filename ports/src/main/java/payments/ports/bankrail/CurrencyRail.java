package payments.ports.bankrail;

/**
 * Which rail a platform's currency moves on, as {@code GET /config} shows it: {@code ISO20022_BANK} with its cut-off
 * and the debtor account's last four characters, {@code SANDBOX} (a sandbox platform's simulated rails), or
 * {@code NONE} (a production currency no rail serves yet: its payments answer 501).
 */
public record CurrencyRail(String currencyCode, String rail, Long cutOffSeconds, String debtorAccount) {
    public static final String SANDBOX = "SANDBOX";
    public static final String NONE = "NONE";
}
