package payments.core.account;

public enum InternalAccountStatus {
    PENDING, ACTIVE, CLOSED, FROZEN, FAILED
}
