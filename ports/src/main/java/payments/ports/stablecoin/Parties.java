package payments.ports.stablecoin;

import payments.core.error.InvalidFields;
import payments.core.id.ExternalAccountId;
import payments.core.id.InternalAccountId;
import payments.core.stablecoin.StablecoinJournals;
import payments.core.stablecoin.operation.StablecoinOperation.Party;
import payments.core.validation.Fields;

/** The sources and destinations of mint and burn requests, their ids parsed and written in canonical form. */
final class Parties {
    private Parties() {
    }

    /** A validated {@code fundingSource} or {@code source} object; {@code prefix} names it in errors. */
    static Party party(Fields f, String prefix) {
        String external = f.string("externalAccountId").map(id -> ExternalAccountId.parse(prefix
                + "externalAccountId", id).toString()).orElse(null);
        String internal = f.string("accountId").map(id -> InternalAccountId.parse(prefix + "accountId", id)
                .toString()).orElse(null);
        return new Party(f.string("type").orElseThrow(), internal, external,
                f.string("sourceTokenIdentifier").orElse(null), f.string("cryptoNetwork").orElse(null), null);
    }

    /** An internal or an external account's id, canonical; 400 naming {@code field} for anything else. */
    static String account(String field, String id) {
        if (StablecoinJournals.internal(id)) {
            return InternalAccountId.parse(field, id).toString();
        }
        if (id.startsWith(ExternalAccountId.KIND + ":")) {
            return ExternalAccountId.parse(field, id).toString();
        }
        throw InvalidFields.of(field, "must be an id of the form InternalAccount:<uuid> or ExternalAccount:<uuid>");
    }
}
