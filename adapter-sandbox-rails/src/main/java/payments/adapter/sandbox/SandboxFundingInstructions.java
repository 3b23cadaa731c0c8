package payments.adapter.sandbox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.platform.Environment;
import payments.ports.driven.FundingInstructions;

/**
 * Deposit details for internal accounts on the simulated rails: a bank account for fiat, a wallet address for
 * crypto. The reference ties a deposit to its account; in the sandbox, money arrives through
 * {@code POST /sandbox/internal-accounts/{id}/fund} instead.
 */
public final class SandboxFundingInstructions implements FundingInstructions {
    @Override
    public List<Map<String, Object>> forAccount(Environment environment, InternalAccount account) {
        String reference = account.id().value().toString().replace("-", "").substring(0, 12).toUpperCase();
        Map<String, Object> info = new LinkedHashMap<>();
        switch (account.currency()) {
            case "USD" -> {
                info.put("accountType", "USD_ACCOUNT");
                info.put("paymentRails", List.of("ACH", "WIRE", "RTP"));
                info.put("accountNumber", "000" + digits(account, 9));
                info.put("routingNumber", "021000021");
                info.put("bankName", "Sandbox Bank");
                info.put("reference", reference);
            }
            case "EUR" -> {
                info.put("accountType", "EUR_ACCOUNT");
                info.put("paymentRails", List.of("SEPA", "SEPA_INSTANT"));
                info.put("iban", "DE89" + digits(account, 18));
                info.put("reference", reference);
            }
            case "MXN" -> {
                info.put("accountType", "MXN_ACCOUNT");
                info.put("paymentRails", List.of("SPEI"));
                info.put("clabeNumber", digits(account, 18));
                info.put("reference", reference);
            }
            case "BTC" -> {
                info.put("accountType", "SPARK_WALLET");
                info.put("assetType", "BTC");
                info.put("address", "sprt1sandbox" + reference.toLowerCase());
            }
            case "USDC", "USDT" -> {
                info.put("accountType", "SOLANA_WALLET");
                info.put("assetType", account.currency());
                info.put("address", "Sandbox" + reference);
            }
            default -> {
                info.put("accountType", "SWIFT_ACCOUNT");
                info.put("paymentRails", List.of("SWIFT"));
                info.put("swiftCode", "SANDUS33");
                info.put("accountNumber", digits(account, 12));
                info.put("bankName", "Sandbox Bank");
                info.put("reference", reference);
            }
        }
        Map<String, Object> instruction = new LinkedHashMap<>();
        instruction.put("instructionsNotes", environment == Environment.SANDBOX
                ? "Sandbox: fund with POST /sandbox/internal-accounts/{id}/fund"
                : "Include the reference so the deposit is credited to this account");
        instruction.put("isPlatformAccount", account.isPlatformAccount());
        instruction.put("accountOrWalletInfo", info);
        return List.of(instruction);
    }

    /** Stable digits derived from the account id, so the instructions never change for one account. */
    private static String digits(InternalAccount account, int count) {
        String hex = account.id().value().toString().replace("-", "");
        StringBuilder out = new StringBuilder();
        for (int i = 0; out.length() < count; i++) {
            out.append(Character.digit(hex.charAt(i % hex.length()), 16) % 10);
        }
        return out.toString();
    }
}
