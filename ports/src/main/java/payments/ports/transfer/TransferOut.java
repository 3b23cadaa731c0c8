package payments.ports.transfer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.transfer.TransferSchemas;
import payments.core.validation.Fields;

/**
 * A transfer-out: {@code amount} minor units from {@code source} to {@code destination}, by {@code paymentRail} (null:
 * chosen for the account), with the optional details the transaction shows.
 */
public record TransferOut(InternalAccountId source, ExternalAccountId destination, String paymentRail, long amount,
                          String remittanceInformation, String purposeOfPayment, String description) {
    public TransferOut {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
    }

    /** From the JSON body of {@code POST /transfer-out}; 400 naming every invalid field. */
    public static TransferOut fromJson(Object body) {
        Fields f = TransferSchemas.TRANSFER_OUT.validate(body);
        Fields destination = f.object("destination").orElseThrow();
        return new TransferOut(
                InternalAccountId.parse("source.accountId",
                        f.object("source").orElseThrow().string("accountId").orElseThrow()),
                ExternalAccountId.parse("destination.accountId", destination.string("accountId").orElseThrow()),
                destination.string("paymentRail").orElse(null), f.number("amount").orElseThrow(),
                f.string("remittanceInformation").orElse(null), f.string("purposeOfPayment").orElse(null),
                f.string("description").orElse(null));
    }

    /** The body {@link #fromJson} reads this from: kept to run the transfer later (an agent's, once approved). */
    public Map<String, Object> toJson() {
        Map<String, Object> to = new LinkedHashMap<>();
        to.put("accountId", destination.toString());
        if (paymentRail != null) {
            to.put("paymentRail", paymentRail);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("source", Map.of("accountId", source.toString()));
        json.put("destination", to);
        json.put("amount", amount);
        json.putAll(details());
        return json;
    }

    /** The details the transaction shows, those given, in this order. */
    Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        if (remittanceInformation != null) {
            details.put("remittanceInformation", remittanceInformation);
        }
        if (purposeOfPayment != null) {
            details.put("purposeOfPayment", purposeOfPayment);
        }
        if (description != null) {
            details.put("description", description);
        }
        return details;
    }
}
