package payments.core.ledger;

import java.util.UUID;

/**
 * Funds reserved on an owned account for a payment in flight: they leave the available balance but stay in the
 * total until the hold is posted or voided, which happens at most once.
 */
public record Hold(UUID id, AccountRef account, String currency, long amountMinor, HoldStatus status) {
    public Hold {
        if (id == null || account == null || currency == null || status == null) {
            throw new IllegalArgumentException("id, account, currency and status are required");
        }
        if (account.system()) {
            throw new IllegalArgumentException("holds are taken on owned accounts only");
        }
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("a hold reserves a positive amount");
        }
    }

    public static Hold pending(UUID id, AccountRef account, String currency, long amountMinor) {
        return new Hold(id, account, currency, amountMinor, HoldStatus.PENDING);
    }

    public Hold posted() {
        return resolve(HoldStatus.POSTED);
    }

    public Hold voided() {
        return resolve(HoldStatus.VOIDED);
    }

    private Hold resolve(HoldStatus next) {
        if (status != HoldStatus.PENDING) {
            throw new IllegalStateException("hold " + id + " is already " + status);
        }
        return new Hold(id, account, currency, amountMinor, next);
    }
}
