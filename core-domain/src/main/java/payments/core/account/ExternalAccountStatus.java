package payments.core.account;

public enum ExternalAccountStatus {
    PENDING, ACTIVE, UNDER_REVIEW, INACTIVE
}
