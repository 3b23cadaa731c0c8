package payments.ports.driven.account;

import java.util.List;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;

/** How money can be sent in (the rail's deposit details), as PaymentInstructions JSON. */
public interface FundingInstructions {
    /** Standing deposit details of an internal account of {@code platform}. */
    List<Map<String, Object>> forAccount(PlatformId platform, Environment environment, InternalAccount account);

    /**
     * How to pay exactly {@code amountMinor} of {@code currency} for a real-time-funded quote; for crypto, to an
     * address of {@code depositType} (an external account type such as {@code BASE_WALLET} or {@code LIGHTNING}),
     * null for fiat.
     */
    List<Map<String, Object>> forQuote(Environment environment, String currency, String depositType, long amountMinor,
                                       String reference);
}
