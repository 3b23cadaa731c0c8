package payments.ports.externalaccount;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.AccountSchemas;
import payments.core.id.CustomerId;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;

/**
 * An external account to register: a customer's ({@code customerId}) or, without one, the platform's own, in
 * {@code currency}; {@code defaultUmaDepositAccount} makes it where the customer's incoming UMA payments land.
 */
public record NewExternalAccount(CustomerId customerId, String currency, String platformAccountId,
                                 String ownershipType, boolean defaultUmaDepositAccount, AccountInfo accountInfo) {
    public NewExternalAccount {
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(accountInfo, "accountInfo");
    }

    /**
     * The account's details as {@link AccountInfoSchemas} accepted them: its canonical {@code accountType}, what
     * identifies it ({@link AccountInfoSchemas#primaryIdentifier}), the beneficiary's name, and the fields as given.
     */
    public record AccountInfo(String accountType, String primaryIdentifier, String beneficiaryName,
                              Map<String, Object> fields) {
        public AccountInfo {
            Objects.requireNonNull(accountType, "accountType");
            fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }
    }

    /** This account registered for {@code customer} (an agent's customer, whom its body does not name). */
    public NewExternalAccount forCustomer(CustomerId customer) {
        return new NewExternalAccount(customer, currency, platformAccountId, ownershipType, defaultUmaDepositAccount,
                accountInfo);
    }

    /**
     * From the JSON body of {@code POST /customers/external-accounts}, or of {@code POST /platform/external-accounts}
     * ({@code platformOwned}: no customer); 400 naming every invalid field.
     */
    public static NewExternalAccount fromJson(Object body, boolean platformOwned) {
        return fromJson(body, platformOwned ? AccountSchemas.PLATFORM_EXTERNAL_ACCOUNT
                : AccountSchemas.CUSTOMER_EXTERNAL_ACCOUNT);
    }

    /** From the JSON body of {@code POST /agents/me/external-accounts}: its customer is the agent's. */
    public static NewExternalAccount fromAgentJson(Object body) {
        return fromJson(body, AccountSchemas.AGENT_EXTERNAL_ACCOUNT);
    }

    private static NewExternalAccount fromJson(Object body, ObjectSchema schema) {
        Fields f = schema.validate(body);
        CustomerId owner = f.string("customerId").map(s -> CustomerId.parse("customerId", s)).orElse(null);
        Fields info = f.object("accountInfo").orElseThrow();
        AccountInfoSchemas.checkRules(info);
        String beneficiary = info.object("beneficiary")
                .flatMap(b -> b.string("fullName").or(() -> b.string("legalName"))).orElse(null);
        return new NewExternalAccount(owner, f.string("currency").orElseThrow(),
                f.string("platformAccountId").orElse(null), f.string("ownershipType").orElse(null),
                f.bool("defaultUmaDepositAccount").orElse(false),
                new AccountInfo(AccountInfoSchemas.canonicalType(info.string("accountType").orElseThrow()),
                        AccountInfoSchemas.primaryIdentifier(info), beneficiary, info.toPlain()));
    }
}
