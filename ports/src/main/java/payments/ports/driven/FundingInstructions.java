package payments.ports.driven;

import java.util.List;
import java.util.Map;
import payments.core.account.InternalAccount;
import payments.core.platform.Environment;

/** How money can be sent into an internal account (the rail's deposit details), as PaymentInstructions JSON. */
public interface FundingInstructions {
    List<Map<String, Object>> forAccount(Environment environment, InternalAccount account);
}
