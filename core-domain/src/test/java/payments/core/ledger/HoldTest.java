package payments.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.core.id.PlatformId;

class HoldTest {
    private static final AccountRef OWNED = AccountRef.owned(UUID.randomUUID());
    private final Hold pending = Hold.pending(UUID.randomUUID(), OWNED, "USD", 500);

    @Test
    void aPendingHoldIsPostedOnce() {
        Hold posted = pending.posted();
        assertEquals(HoldStatus.POSTED, posted.status());
        assertEquals(pending.id(), posted.id());
        assertEquals(500, posted.amountMinor());
        assertThrows(IllegalStateException.class, posted::posted);
        assertThrows(IllegalStateException.class, posted::voided);
    }

    @Test
    void aPendingHoldIsVoidedOnce() {
        Hold voided = pending.voided();
        assertEquals(HoldStatus.VOIDED, voided.status());
        assertThrows(IllegalStateException.class, voided::voided);
        assertThrows(IllegalStateException.class, voided::posted);
    }

    @Test
    void holdsAreTakenOnOwnedAccountsOnly() {
        AccountRef system = AccountRef.system(new PlatformId(UUID.randomUUID()), AccountRef.SANDBOX_FUNDING, "USD");
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(UUID.randomUUID(), system, "USD", 1));
    }

    @Test
    void aHoldReservesAPositiveAmount() {
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(UUID.randomUUID(), OWNED, "USD", 0));
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(UUID.randomUUID(), OWNED, "USD", -1));
    }

    @Test
    void everyPartIsRequired() {
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(null, OWNED, "USD", 1));
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(UUID.randomUUID(), null, "USD", 1));
        assertThrows(IllegalArgumentException.class, () -> Hold.pending(UUID.randomUUID(), OWNED, null, 1));
        assertThrows(IllegalArgumentException.class, () -> new Hold(UUID.randomUUID(), OWNED, "USD", 1, null));
    }
}
