package payments.core.card;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A card's life: provisioned ({@code PROCESSING}) to {@code ACTIVE}, frozen and unfrozen, closed for good.
 * {@code PENDING_KYC} is a card whose holder's KYC is not complete; it cannot transact.
 */
public enum CardState {
    PENDING_KYC, PROCESSING, ACTIVE, FROZEN, CLOSED;

    private static final Map<CardState, Set<CardState>> NEXT = Map.of(
            PENDING_KYC, EnumSet.of(PROCESSING, CLOSED),
            PROCESSING, EnumSet.of(ACTIVE, CLOSED),
            ACTIVE, EnumSet.of(FROZEN, CLOSED),
            FROZEN, EnumSet.of(ACTIVE, CLOSED),
            CLOSED, EnumSet.noneOf(CardState.class));

    public boolean canMoveTo(CardState next) {
        return NEXT.get(this).contains(next);
    }
}
