package payments.core.account;

import java.util.List;
import java.util.Map;

/** An internal account with how to fund it, as the API shows it. */
public record InternalAccountView(InternalAccount account, List<Map<String, Object>> fundingPaymentInstructions) {
}
