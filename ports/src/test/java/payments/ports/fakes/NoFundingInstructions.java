package payments.ports.fakes;

import java.util.List;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.ports.driven.account.FundingInstructions;

/** No rail offers deposit details. */
public final class NoFundingInstructions implements FundingInstructions {
    @Override
    public List<Map<String, Object>> forAccount(PlatformId platform, Environment environment,
                                                InternalAccount account) {
        return List.of();
    }

    @Override
    public List<Map<String, Object>> forQuote(Environment environment, String currency, String depositType,
                                              long amountMinor, String reference) {
        return List.of();
    }
}
