package payments.core.platform;

import static payments.core.validation.Types.arrayOf;
import static payments.core.validation.Types.bool;
import static payments.core.validation.Types.currency;
import static payments.core.validation.Types.email;
import static payments.core.validation.Types.integer;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.string;
import static payments.core.validation.Types.uri;

import payments.core.money.Money;
import payments.core.validation.ObjectSchema;

/** Request shapes of {@code PATCH /config} and {@code POST /tokens} (reference/platform.md). */
public final class PlatformConfigSchemas {
    public static final String[] CUSTOMER_INFO_FIELDS = {"FULL_NAME", "BIRTH_DATE", "NATIONALITY", "PHONE_NUMBER",
        "EMAIL", "POSTAL_ADDRESS", "TAX_ID", "REGISTRATION_NUMBER", "USER_TYPE", "COUNTRY_OF_RESIDENCE",
        "ACCOUNT_IDENTIFIER", "FI_LEGAL_ENTITY_NAME", "FI_ADDRESS", "PURPOSE_OF_PAYMENT",
        "ULTIMATE_INSTITUTION_COUNTRY", "IDENTIFIER", "BUSINESS_TYPE", "COMPANY_LEGAL_NAME", "ID_TYPE", "ID_NUMBER"};

    public static final ObjectSchema CURRENCY = ObjectSchema.of()
            .required("currencyCode", currency())
            .required("minAmount", integer(0, Money.MAX_MINOR))
            .required("maxAmount", integer(0, Money.MAX_MINOR))
            .required("requiredCounterpartyFields", arrayOf(ObjectSchema.of()
                    .required("name", oneOf(CUSTOMER_INFO_FIELDS))
                    .required("mandatory", bool()), 0, CUSTOMER_INFO_FIELDS.length))
            .required("enabledTransactionTypes", arrayOf(oneOf("INCOMING", "OUTGOING"), 0, 2));

    public static final ObjectSchema EMBEDDED_WALLET = ObjectSchema.of()
            .optional("appName", string(1, 255))
            .optional("otpLength", integer(4, 12))
            .optional("alphanumeric", bool())
            .optional("expirationSeconds", integer(1, 86_400))
            .optional("sendFromEmailAddress", email())
            .optional("sendFromEmailSenderName", string(1, 255))
            .optional("replyToEmailAddress", email())
            .optional("logoUrl", uri())
            .optional("enabled", bool())
            .optional("currency", currency());

    public static final ObjectSchema CARD_TOKENIZATION_2FA = ObjectSchema.of()
            .optional("displayName", string(1, 255))
            .optional("logoUrl", pattern("^https://.*", 9, 512))
            .optional("email", ObjectSchema.of()
                    .optional("fromAddress", email())
                    .optional("fromName", string(1, 255))
                    .optional("replyToAddress", email())
                    .optional("subject", string(1, 255))
                    .optional("bodyText", string(1, 2000)))
            .optional("sms", ObjectSchema.of()
                    .optional("templateSid", string(1, 64))
                    .optional("bodyText", string(1, 480)));

    public static final ObjectSchema FEE_CONFIG = ObjectSchema.of()
            .required("feeType", oneOf("CROSS_CURRENCY_TRANSACTION"))
            .required("sourceCurrency", currency())
            .required("variableFeeBps", integer(0, 10_000))
            .required("fixedFee", ObjectSchema.of()
                    .required("amount", integer(0, Money.MAX_MINOR))
                    .required("currency", currency()));

    /** A platform's UMA domain: lower-case DNS labels, at least two. */
    public static final String UMA_DOMAIN_PATTERN = "^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$";

    public static final ObjectSchema UPDATE = ObjectSchema.of()
            .optional("umaDomain", pattern(UMA_DOMAIN_PATTERN, 3, 253))
            .clearable("webhookEndpoint", uri()) // null turns webhooks off
            .optional("supportedCurrencies", arrayOf(CURRENCY, 1, 50))
            .optional("embeddedWalletConfig", EMBEDDED_WALLET)
            .optional("cardTokenization2faConfig", CARD_TOKENIZATION_2FA)
            .optional("feeConfigs", arrayOf(FEE_CONFIG, 0, 20))
            .optional("requireVerifiedCustomers", bool());

    public static final ObjectSchema TOKEN_CREATE = ObjectSchema.of()
            .required("name", string(1, 255))
            .required("permissions", arrayOf(oneOf(Permission.class), 1, 3));

    private PlatformConfigSchemas() {
    }
}
