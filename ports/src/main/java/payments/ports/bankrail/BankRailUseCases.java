package payments.ports.bankrail;

import java.util.List;
import payments.core.bankrail.BankRail;
import payments.core.platform.Caller;

/** The bank rail: enabled by the operator for a platform's currency, and shown to the platform. */
public interface BankRailUseCases {
    /** An operator's command (no caller: it runs beside the server, against the same database). */
    BankRail enable(EnableBankRail command);

    /** The rail of each of the caller's currencies (VIEW, or MANAGE: it answers a configuration change too). */
    List<CurrencyRail> rails(Caller caller);
}
