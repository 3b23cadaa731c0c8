package payments.adapter.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.ports.driven.account.FundingInstructions;

/**
 * Deposit details on the simulated rails: a bank account for fiat, a wallet address or Lightning invoice for
 * crypto, always with the reference that ties the deposit to its account or quote. In the sandbox, money arrives
 * through {@code /sandbox/internal-accounts/{id}/fund} and {@code /sandbox/send} instead.
 */
public final class SandboxFundingInstructions implements FundingInstructions {
    @Override
    public List<Map<String, Object>> forAccount(PlatformId platform, Environment environment,
                                                InternalAccount account) {
        // From the id's random bits and a hash of it: a time-ordered id's leading digits are its creation time, which
        // accounts made together share, and two accounts must never share deposit details.
        Map<String, Object> info = deposit(account.currency(), seed(account.id().value().toString()),
                account.depositReference(), null, 0);
        return List.of(instruction(info, account.isPlatformAccount(), environment == Environment.SANDBOX
                ? "Sandbox: fund with POST /sandbox/internal-accounts/{id}/fund"
                : "Include the reference so the deposit is credited to this account"));
    }

    @Override
    public List<Map<String, Object>> forQuote(Environment environment, String currency, String depositType,
                                              long amountMinor, String reference) {
        Map<String, Object> info = deposit(currency, seed(reference), reference, depositType, amountMinor);
        return List.of(instruction(info, false, environment == Environment.SANDBOX
                ? "Sandbox: pay with POST /sandbox/send {quoteId, currencyCode}"
                : "Pay exactly the quoted total with the reference before the quote expires"));
    }

    private static Map<String, Object> instruction(Map<String, Object> info, boolean platformAccount, String notes) {
        Map<String, Object> instruction = new LinkedHashMap<>();
        instruction.put("instructionsNotes", notes);
        instruction.put("isPlatformAccount", platformAccount);
        instruction.put("accountOrWalletInfo", info);
        return instruction;
    }

    /** {@code depositType}: the crypto address's account type a quote asked for, or null for an account's own. */
    private static Map<String, Object> deposit(String currency, UUID seed, String reference, String depositType,
                                               long amountMinor) {
        Map<String, Object> info = new LinkedHashMap<>();
        switch (currency) {
            case "USD" -> {
                info.put("accountType", "USD_ACCOUNT");
                info.put("paymentRails", List.of("ACH", "WIRE", "RTP"));
                info.put("accountNumber", "000" + digits(seed, 9));
                info.put("routingNumber", "021000021");
                info.put("bankName", "Sandbox Bank");
                info.put("reference", reference);
            }
            case "EUR" -> {
                info.put("accountType", "EUR_ACCOUNT");
                info.put("paymentRails", List.of("SEPA", "SEPA_INSTANT"));
                info.put("iban", "DE89" + digits(seed, 18));
                info.put("reference", reference);
            }
            case "MXN" -> {
                info.put("accountType", "MXN_ACCOUNT");
                info.put("paymentRails", List.of("SPEI"));
                info.put("clabeNumber", digits(seed, 18));
                info.put("reference", reference);
            }
            case "BTC" -> {
                if ("LIGHTNING".equals(depositType)) {
                    info.put("accountType", "LIGHTNING");
                    // BOLT11's "n" multiplier is a nano-bitcoin, a tenth of a satoshi (the minor unit).
                    info.put("invoice", "lnbcrt" + Math.multiplyExact(amountMinor, 10) + "n1sandbox"
                            + reference.toLowerCase());
                } else {
                    info.put("accountType", "SPARK_WALLET");
                    info.put("assetType", "BTC");
                    info.put("address", "sprt1sandbox" + reference.toLowerCase());
                }
            }
            case "SBUSD" -> { // the sandbox stablecoin lives on Spark
                info.put("accountType", "SPARK_WALLET");
                info.put("assetType", currency);
                info.put("address", "sprt1sandbox" + reference.toLowerCase());
            }
            case "USDC", "USDT" -> {
                info.put("accountType", depositType == null ? "SOLANA_WALLET" : depositType);
                info.put("assetType", currency);
                info.put("address", "Sandbox" + reference);
            }
            default -> {
                info.put("accountType", "SWIFT_ACCOUNT");
                info.put("paymentRails", List.of("SWIFT"));
                info.put("country", "US");
                info.put("swiftCode", "SANDUS33");
                info.put("bankName", "Sandbox Bank");
                info.put("accountHolderName", "Sandbox Payments");
                info.put("accountNumber", digits(seed, 12));
                info.put("reference", reference);
            }
        }
        return info;
    }

    /** A hash of {@code text}, whose digits the details are drawn from. */
    private static UUID seed(String text) {
        return UUID.nameUUIDFromBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Stable digits derived from a seed (a hash), so the details never change for one account or quote. */
    private static String digits(UUID seed, int count) {
        String hex = seed.toString().replace("-", "");
        StringBuilder out = new StringBuilder();
        for (int i = 0; out.length() < count; i++) {
            out.append(Character.digit(hex.charAt(i % hex.length()), 16) % 10);
        }
        return out.toString();
    }
}
