package payments.core.json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import payments.core.account.AccountInfoSchemas;
import payments.core.account.ExternalAccount;
import payments.core.account.InternalAccount;
import payments.core.account.InternalAccountView;
import payments.core.bulk.BulkImportJob;
import payments.core.compliance.Verification;
import payments.core.compliance.VerificationError;
import payments.core.customer.ContactRules;
import payments.core.customer.Customer;
import payments.core.customer.CustomerType;
import payments.core.invitation.Invitation;
import payments.core.invitation.InvitationView;
import payments.core.quote.Quote;
import payments.core.transaction.Transaction;
import payments.core.transaction.TransactionParty;
import payments.core.transaction.TransactionStatus;
import payments.core.transaction.TransactionType;

/**
 * The spec's JSON of the resources webhooks carry, in one place for both readers: the HTTP responses and the
 * webhook payloads, which are the same JSON the API returns for the resource.
 */
public final class ResourceJson {
    private ResourceJson() {
    }

    /** TransactionOneOf (IncomingTransaction or OutgoingTransaction). */
    public static Map<String, Object> transaction(Transaction t) {
        JsonObject json = JsonObject.of().put("id", t.wireId())
                .put("status", t.status().name())
                .put("type", t.type().name())
                .put("direction", t.direction().name())
                .put("source", party(t.source(), "sourceType"))
                .put("destination", party(t.destination(), "destinationType"))
                // Required fields; a platform's own payment names the platform, as the list's filter does.
                .put("customerId", t.customerId() == null ? t.platformId() : t.customerId())
                .put("platformCustomerId", t.customerId() == null ? t.platformId().toString() : t.platformCustomerId())
                .put("sentAmount", t.sentAmount() == null ? null : JsonObject.amount(t.sentAmount()))
                .put("receivedAmount", JsonObject.amount(t.receivedAmount()))
                .put("fees", t.feesMinor())
                .put("reconciliationInstructions", t.status() == TransactionStatus.CREATED ? null
                        : Map.of("reference", t.reference()))
                .put("failureReason", t.failureReason())
                .put("settledAt", t.settledAt())
                .put("receiptDeliveryConfirmedAt", t.receiptDeliveryConfirmedAt())
                .put("createdAt", t.createdAt())
                .put("updatedAt", t.updatedAt());
        t.details().forEach(json::put);
        return json.map();
    }

    /**
     * The data of a payment webhook: the transaction, and for incoming payments the receiver fields the sender asks
     * for (none: the sandbox's senders ask for nothing the service does not hold).
     */
    public static Map<String, Object> paymentEvent(Transaction t) {
        Map<String, Object> data = transaction(t);
        if (t.type() == TransactionType.INCOMING) {
            data.put("requestedReceiverCustomerInfoFields", List.of());
        }
        return data;
    }

    private static Map<String, Object> party(TransactionParty p, String discriminator) {
        if (p == null) {
            return null;
        }
        return JsonObject.of().put(discriminator, p.kind()).put("accountId", p.accountId())
                .put("umaAddress", p.umaAddress()).put("currency", p.currency()).map();
    }

    /** CustomerOneOf; write-only profile fields (the SSN/ITIN {@code identifier}) are never shown. */
    public static Map<String, Object> customer(Customer c) {
        JsonObject json = JsonObject.of().put("id", c.id())
                .put("platformCustomerId", c.platformCustomerId())
                .put("customerType", c.type().name())
                .put("umaAddress", c.umaAddress())
                .put("region", c.region())
                .put("currencies", c.currencies())
                .put("email", c.email())
                .put("phoneNumber", c.phoneNumber())
                .put(c.type() == CustomerType.INDIVIDUAL ? "kycStatus" : "kybStatus", c.verificationStatus())
                .put("contactVerification", ContactRules.contactVerification(c));
        // The KYC/KYB profile is echoed as received, except write-only fields.
        c.details().forEach((k, v) -> {
            if (!k.equals("identifier")) {
                json.put(k, v);
            }
        });
        return json.put("createdAt", c.createdAt()).put("updatedAt", c.updatedAt())
                .put("isDeleted", c.isDeleted()).map();
    }

    public static Map<String, Object> internalAccount(InternalAccountView view) {
        InternalAccount a = view.account();
        return JsonObject.of().put("id", a.id())
                .put("customerId", a.customerId())
                .put("type", a.type().name())
                .put("status", a.status().name())
                .put("balance", JsonObject.amount(a.balance()))
                .put("totalBalance", JsonObject.amount(a.totalBalance()))
                .put("fundingPaymentInstructions", view.fundingPaymentInstructions())
                .put("privateEnabled", a.privateEnabled())
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    public static Map<String, Object> externalAccount(ExternalAccount a) {
        Map<String, Object> info = new LinkedHashMap<>(a.accountInfo());
        var rails = AccountInfoSchemas.paymentRails(a.accountType());
        if (!rails.isEmpty()) {
            info.put("paymentRails", rails);
        }
        return JsonObject.of().put("id", a.id())
                .put("customerId", a.customerId())
                .put("status", a.status().name())
                .put("platformAccountId", a.platformAccountId())
                .put("ownershipType", a.ownershipType())
                .put("currency", a.currency())
                .put("defaultUmaDepositAccount", a.isPlatformAccount() ? null : a.defaultUmaDepositAccount())
                .put("beneficiaryVerificationStatus", a.beneficiaryVerification())
                .put("beneficiaryVerifiedData", a.beneficiaryVerifiedName() == null ? null
                        : Map.of("fullName", a.beneficiaryVerifiedName()))
                .put("accountInfo", info)
                .put("createdAt", a.createdAt()).put("updatedAt", a.updatedAt()).map();
    }

    /** The spec's Verification. */
    public static Map<String, Object> verification(Verification v) {
        return JsonObject.of().put("id", v.wireId())
                .put("customerId", v.customerId())
                .put("verificationStatus", v.status().name())
                .put("errors", v.errors().stream().map(VerificationError::json).toList())
                .put("createdAt", v.createdAt()).put("updatedAt", v.updatedAt()).map();
    }

    /** The spec's BulkCustomerImportJob, without its row errors (the API adds them). */
    public static Map<String, Object> bulkImportJob(BulkImportJob j) {
        return JsonObject.of().put("id", j.wireId()).put("status", j.status())
                .put("progress", JsonObject.of().put("total", j.total()).put("processed", j.processed())
                        .put("successful", j.succeeded()).put("failed", j.failed()).map())
                .put("completedAt", j.completedAt()).map();
    }

    /** The spec's UmaInvitation. */
    public static Map<String, Object> invitation(InvitationView v) {
        Invitation i = v.invitation();
        return JsonObject.of().put("code", i.code())
                .put("createdAt", i.createdAt())
                .put("claimedAt", i.claimedAt())
                .put("url", v.url())
                .put("expiresAt", i.expiresAt())
                .put("inviterUma", i.inviterUma())
                .put("inviteeUma", i.inviteeUma())
                .put("status", v.status().name())
                .put("firstName", i.firstName())
                .put("amountToSend", i.amountToSend() == null ? null : JsonObject.amount(i.amountToSend()))
                .map();
    }

    /** A quote as the API shows it; the details it was asked with follow its price. */
    public static Map<String, Object> quote(Quote q) {
        JsonObject json = JsonObject.of().put("id", q.wireId())
                .put("status", q.status().name())
                .put("createdAt", q.createdAt())
                .put("expiresAt", q.expiresAt())
                .put("source", q.source())
                .put("destination", q.destination())
                .put("sendingCurrency", JsonObject.currency(q.totalSending().currency()))
                .put("receivingCurrency", JsonObject.currency(q.totalReceiving().currency()))
                .put("totalSendingAmount", q.totalSending().amountMinor())
                .put("totalReceivingAmount", q.totalReceiving().amountMinor())
                .put("exchangeRate", q.exchangeRate())
                .put("feesIncluded", q.feesMinor())
                .put("platformFeesIncluded", q.platformFeesMinor())
                .put("transactionId", "Transaction:" + q.transactionId());
        q.details().forEach(json::put);
        return json.put("updatedAt", q.updatedAt()).map();
    }
}
