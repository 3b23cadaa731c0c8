package payments.ports.crypto;

import java.util.Objects;
import payments.core.crypto.CryptoNetwork;
import payments.core.crypto.CryptoSchemas;
import payments.core.id.InternalAccountId;
import payments.core.validation.Fields;

/**
 * A withdrawal to price: {@code amount} minor units of {@code currency} from the internal account {@code source} to
 * {@code destinationAddress} on {@code network}.
 */
public record CryptoWithdrawal(InternalAccountId source, String currency, CryptoNetwork network, long amount,
                               String destinationAddress) {
    public CryptoWithdrawal {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(destinationAddress, "destinationAddress");
    }

    /** From the JSON body of {@code POST /crypto/estimate-withdrawal-fee}; 400 naming every invalid field. */
    public static CryptoWithdrawal fromJson(Object body) {
        Fields f = CryptoSchemas.WITHDRAWAL_FEE_ESTIMATE.validate(body);
        return new CryptoWithdrawal(
                InternalAccountId.parse("internalAccountId", f.string("internalAccountId").orElseThrow()),
                f.string("currency").orElseThrow(), CryptoNetwork.valueOf(f.string("cryptoNetwork").orElseThrow()),
                f.number("amount").orElseThrow(), f.string("destinationAddress").orElseThrow());
    }
}
