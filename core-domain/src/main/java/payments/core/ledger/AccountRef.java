package payments.core.ledger;

import java.util.UUID;
import payments.core.id.NameBasedIds;
import payments.core.id.PlatformId;

/**
 * A ledger account a posting touches. Owned accounts (a customer's or the platform's internal accounts) never go
 * below zero. System accounts (one per platform, purpose and currency, such as the sandbox funding source or a
 * rail's settlement account) mirror money outside the service, may go negative, have derived ids and are opened on
 * first use.
 */
public record AccountRef(UUID id, boolean system) {
    /** Where sandbox funding comes from. */
    public static final String SANDBOX_FUNDING = "SANDBOX_FUNDING";
    /** Money on its way through a bank rail, in or out, per currency. */
    public static final String RAIL_SETTLEMENT = "RAIL_SETTLEMENT";
    /** Money on its way through the UMA network, in or out, per currency. */
    public static final String UMA_SETTLEMENT = "UMA_SETTLEMENT";

    public static AccountRef owned(UUID id) {
        return new AccountRef(id, false);
    }

    public static AccountRef system(PlatformId platform, String purpose, String currency) {
        return new AccountRef(NameBasedIds.of("system:" + platform.value() + ":" + purpose + ":" + currency), true);
    }
}
