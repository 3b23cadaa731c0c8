package payments.adapter.bank;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import payments.core.account.InternalAccount;
import payments.core.bankrail.BankRail;
import payments.core.bankrail.DebtorAccount;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.ports.driven.account.FundingInstructions;
import payments.ports.driven.bankrail.BankRails;

/**
 * Deposit details of an internal account whose currency is on the bank rail: the platform's own bank account (an
 * IBAN for SEPA, an account and ABA routing number for US wires) with the account's deposit reference, which the
 * bank's credit notification names and the service credits by. Every other currency's, and every quote's, come from
 * the {@code otherwise} instructions.
 */
public final class BankFundingInstructions implements FundingInstructions {
    private final BankRails rails;
    private final FundingInstructions otherwise;

    public BankFundingInstructions(BankRails rails, FundingInstructions otherwise) {
        this.rails = rails;
        this.otherwise = otherwise;
    }

    @Override
    public List<Map<String, Object>> forAccount(PlatformId platform, Environment environment,
                                                InternalAccount account) {
        Optional<BankRail> rail = rails.rail(platform, account.currency());
        if (rail.isEmpty()) {
            return otherwise.forAccount(platform, environment, account);
        }
        DebtorAccount bank = rail.get().debtor();
        Map<String, Object> info = new LinkedHashMap<>();
        if ("EUR".equals(account.currency())) {
            info.put("accountType", "EUR_ACCOUNT");
            info.put("paymentRails", List.of("SEPA"));
            info.put("iban", bank.iban());
            info.put("swiftCode", bank.bic());
        } else {
            info.put("accountType", "USD_ACCOUNT");
            info.put("paymentRails", List.of("WIRE"));
            info.put("accountNumber", bank.accountNumber());
            info.put("routingNumber", bank.routingNumber());
        }
        info.put("reference", account.depositReference());
        Map<String, Object> instruction = new LinkedHashMap<>();
        instruction.put("instructionsNotes", "Pay " + bank.name() + " and give the reference, so the deposit is "
                + "credited to this account");
        instruction.put("isPlatformAccount", account.isPlatformAccount());
        instruction.put("accountOrWalletInfo", info);
        return List.of(instruction);
    }

    @Override
    public List<Map<String, Object>> forQuote(Environment environment, String currency, String depositType,
                                              long amountMinor, String reference) {
        return otherwise.forQuote(environment, currency, depositType, amountMinor, reference);
    }
}
