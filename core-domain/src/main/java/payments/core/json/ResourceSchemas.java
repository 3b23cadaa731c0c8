package payments.core.json;

import static payments.core.json.JsonSchema.anyObject;
import static payments.core.json.JsonSchema.arrayOf;
import static payments.core.json.JsonSchema.bool;
import static payments.core.json.JsonSchema.dateTime;
import static payments.core.json.JsonSchema.decimal;
import static payments.core.json.JsonSchema.enumOf;
import static payments.core.json.JsonSchema.integer;
import static payments.core.json.JsonSchema.object;
import static payments.core.json.JsonSchema.ref;
import static payments.core.json.JsonSchema.string;

import java.util.Map;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.account.ExternalAccountStatus;
import payments.core.account.InternalAccountStatus;
import payments.core.account.InternalAccountType;
import payments.core.compliance.VerificationStatus;
import payments.core.customer.CustomerType;
import payments.core.invitation.InvitationStatus;
import payments.core.quote.QuoteStatus;
import payments.core.transaction.Direction;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;

/**
 * The JSON Schema of each resource {@link ResourceJson} writes, under the names the API's description publishes
 * them by ({@code Currency} and {@code CurrencyAmount} are referred to by those names).
 */
public final class ResourceSchemas {
    public static final Map<String, Object> CURRENCY = object().required("code", string())
            .required("name", string()).required("symbol", string()).required("decimals", integer()).schema();

    public static final Map<String, Object> CURRENCY_AMOUNT = object().required("amount", integer())
            .required("currency", ref("Currency")).schema();

    private static final Map<String, Object> PARTY = object().optional("accountId", string())
            .optional("umaAddress", string()).optional("currency", string()).optional("sourceType", string())
            .optional("destinationType", string()).schema();

    public static final Map<String, Object> TRANSACTION = object().required("id", string())
            .required("status", enumOf(TransactionStatus.class))
            .required("type", enumOf(TransactionType.INCOMING.name(), TransactionType.OUTGOING.name()))
            .required("direction", enumOf(Direction.class))
            .optional("source", PARTY)
            .optional("destination", PARTY)
            .required("customerId", string())
            .optional("platformCustomerId", string())
            .optional("sentAmount", ref("CurrencyAmount"))
            .required("receivedAmount", ref("CurrencyAmount"))
            .optional("fees", integer())
            .optional("reconciliationInstructions", object().required("reference", string()).schema())
            .optional("failureReason", string())
            .optional("settledAt", dateTime())
            .optional("receiptDeliveryConfirmedAt", dateTime())
            .optional("requestedReceiverCustomerInfoFields", arrayOf(anyObject("A field the sender asks for")))
            .optional("agentId", string())
            .required("createdAt", dateTime())
            .required("updatedAt", dateTime())
            .schema();

    public static final Map<String, Object> QUOTE = object().required("id", string())
            .required("status", enumOf(QuoteStatus.class))
            .required("createdAt", dateTime()).required("expiresAt", dateTime())
            .required("source", anyObject("Where the money comes from, as requested"))
            .required("destination", anyObject("Where the money goes, as requested"))
            .required("sendingCurrency", ref("Currency")).required("receivingCurrency", ref("Currency"))
            .required("totalSendingAmount", integer()).required("totalReceivingAmount", integer())
            .required("exchangeRate", decimal()).required("feesIncluded", integer())
            .optional("platformFeesIncluded", integer()).required("transactionId", string())
            .optional("rateDetails", anyObject("How the rate and fees were made"))
            .optional("paymentInstructions", arrayOf(anyObject("How to fund the quote on one rail")))
            .required("updatedAt", dateTime()).schema();

    public static final Map<String, Object> CUSTOMER = object().required("id", string())
            .optional("platformCustomerId", string())
            .required("customerType", enumOf(CustomerType.class))
            .optional("umaAddress", string())
            .optional("region", string())
            .optional("currencies", arrayOf(string()))
            .optional("email", string())
            .optional("phoneNumber", string())
            .optional("kycStatus", string())
            .optional("kybStatus", string())
            .optional("contactVerification", object().optional("email", enumOf("PENDING", "VERIFIED"))
                    .optional("phone", enumOf("PENDING", "VERIFIED")).schema())
            .required("createdAt", dateTime())
            .required("updatedAt", dateTime())
            .required("isDeleted", bool())
            .schema();

    public static final Map<String, Object> INTERNAL_ACCOUNT = object().required("id", string())
            .optional("customerId", string())
            .required("type", enumOf(InternalAccountType.class))
            .required("status", enumOf(InternalAccountStatus.class))
            .required("balance", ref("CurrencyAmount"))
            .required("totalBalance", ref("CurrencyAmount"))
            .optional("fundingPaymentInstructions", arrayOf(anyObject("How to pay into the account on one rail")))
            .optional("privateEnabled", bool())
            .required("createdAt", dateTime())
            .required("updatedAt", dateTime())
            .schema();

    public static final Map<String, Object> EXTERNAL_ACCOUNT = object().required("id", string())
            .optional("customerId", string())
            .required("status", enumOf(ExternalAccountStatus.class))
            .optional("platformAccountId", string())
            .optional("ownershipType", string())
            .required("currency", string())
            .optional("defaultUmaDepositAccount", bool())
            .optional("beneficiaryVerificationStatus", enumOf(BeneficiaryVerificationStatus.class))
            .optional("beneficiaryVerifiedData", object().required("fullName", string()).schema())
            .required("accountInfo", anyObject("The account's details as given, with the payment rails it reaches"))
            .required("createdAt", dateTime())
            .required("updatedAt", dateTime())
            .schema();

    public static final Map<String, Object> INVITATION = object().required("code", string())
            .required("createdAt", dateTime())
            .optional("claimedAt", dateTime())
            .required("url", string())
            .optional("expiresAt", dateTime())
            .required("inviterUma", string())
            .optional("inviteeUma", string())
            .required("status", enumOf(InvitationStatus.class))
            .optional("firstName", string())
            .optional("amountToSend", ref("CurrencyAmount"))
            .schema();

    public static final Map<String, Object> VERIFICATION = object().required("id", string())
            .required("customerId", string())
            .required("verificationStatus", enumOf(VerificationStatus.class))
            .required("errors", arrayOf(object().required("resourceId", string()).required("type", string())
                    .optional("field", string()).optional("acceptedDocumentTypes", arrayOf(string()))
                    .required("reason", string()).schema()))
            .required("createdAt", dateTime())
            .required("updatedAt", dateTime())
            .schema();

    private ResourceSchemas() {
    }
}
