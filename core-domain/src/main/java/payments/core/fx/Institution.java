package payments.core.fx;

/**
 * A bank or provider an external account can name: {@code bankName} is the value for {@code accountInfo.bankName};
 * {@code displayName} is for people.
 */
public record Institution(String bankName, String displayName, String country, String currency) {
}
