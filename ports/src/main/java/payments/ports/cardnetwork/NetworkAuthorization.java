package payments.ports.cardnetwork;

import payments.core.cardnetwork.Merchant;
import payments.core.cardnetwork.NetworkSchemas;
import payments.core.validation.Fields;

/** An authorization's amount (0 for a balance inquiry), currency and merchant. */
public record NetworkAuthorization(long amountMinor, String currency, Merchant merchant) {
    /** From the body of an authorization simulator; 400 naming every invalid field. */
    public static NetworkAuthorization fromJson(Object body) {
        Fields f = NetworkSchemas.AUTHORIZATION.validate(body);
        return new NetworkAuthorization(f.number("amount").orElseThrow(), f.string("currency").orElseThrow(),
                merchant(f.object("merchant").orElseThrow()));
    }

    /** From the body of the balance inquiry simulator: the merchant only, no amount, in the card's currency. */
    public static NetworkAuthorization balanceInquiry(Object body) {
        Fields f = NetworkSchemas.BALANCE_INQUIRY.validate(body);
        return new NetworkAuthorization(0, null, merchant(f.object("merchant").orElseThrow()));
    }

    private static Merchant merchant(Fields m) {
        return new Merchant(m.string("descriptor").orElseThrow(), m.string("mcc").orElse(null),
                m.string("country").orElse(null));
    }
}
