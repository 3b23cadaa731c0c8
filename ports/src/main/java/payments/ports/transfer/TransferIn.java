package payments.ports.transfer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.transfer.TransferSchemas;
import payments.core.validation.Fields;

/** A transfer-in: {@code amount} minor units pulled from {@code source} into {@code destination}. */
public record TransferIn(ExternalAccountId source, InternalAccountId destination, long amount, String description) {
    public TransferIn {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
    }

    /** From the JSON body of {@code POST /transfer-in}; 400 naming every invalid field. */
    public static TransferIn fromJson(Object body) {
        Fields f = TransferSchemas.TRANSFER_IN.validate(body);
        return new TransferIn(
                ExternalAccountId.parse("source.accountId",
                        f.object("source").orElseThrow().string("accountId").orElseThrow()),
                InternalAccountId.parse("destination.accountId",
                        f.object("destination").orElseThrow().string("accountId").orElseThrow()),
                f.number("amount").orElseThrow(), f.string("description").orElse(null));
    }

    /** The body {@link #fromJson} reads this from: kept to run the transfer later (an agent's, once approved). */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("source", Map.of("accountId", source.toString()));
        json.put("destination", Map.of("accountId", destination.toString()));
        json.put("amount", amount);
        if (description != null) {
            json.put("description", description);
        }
        return json;
    }
}
