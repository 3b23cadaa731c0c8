package payments.core.customer;

public enum CustomerType {
    INDIVIDUAL, BUSINESS
}
