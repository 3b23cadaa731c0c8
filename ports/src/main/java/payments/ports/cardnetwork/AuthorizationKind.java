package payments.ports.cardnetwork;

import payments.core.transaction.Direction;

/**
 * The network's authorization messages: a debit or a credit, cleared later or at once ({@code financial}: a
 * single-message transaction), or a balance inquiry, which moves nothing.
 */
public enum AuthorizationKind {
    AUTHORIZATION(Direction.DEBIT, false),
    FINANCIAL_AUTHORIZATION(Direction.DEBIT, true),
    CREDIT_AUTHORIZATION(Direction.CREDIT, false),
    CREDIT_AUTHORIZATION_ADVICE(Direction.CREDIT, false),
    FINANCIAL_CREDIT_AUTHORIZATION(Direction.CREDIT, true),
    BALANCE_INQUIRY(Direction.DEBIT, false);

    private final Direction direction;
    private final boolean financial;

    AuthorizationKind(Direction direction, boolean financial) {
        this.direction = direction;
        this.financial = financial;
    }

    public Direction direction() {
        return direction;
    }

    public boolean financial() {
        return financial;
    }
}
