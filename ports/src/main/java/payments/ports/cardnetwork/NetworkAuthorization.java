package payments.ports.cardnetwork;

import payments.core.cardnetwork.Merchant;
import payments.core.cardnetwork.NetworkSchemas;
import payments.core.id.CardId;
import payments.core.validation.Fields;

/** An authorization message of {@code kind} for a card: its amount (0 for a balance inquiry), currency, merchant. */
public record NetworkAuthorization(CardId card, AuthorizationKind kind, long amountMinor, String currency,
                                   Merchant merchant) {
    /** From the body of an authorization simulator; 400 naming every invalid field. */
    public static NetworkAuthorization fromJson(CardId card, AuthorizationKind kind, Object body) {
        Fields f = NetworkSchemas.AUTHORIZATION.validate(body);
        return new NetworkAuthorization(card, kind, f.number("amount").orElseThrow(),
                f.string("currency").orElseThrow(), merchant(f.object("merchant").orElseThrow()));
    }

    /** From the body of the balance inquiry simulator: the merchant only, no amount, in the card's currency. */
    public static NetworkAuthorization balanceInquiry(CardId card, Object body) {
        Fields f = NetworkSchemas.BALANCE_INQUIRY.validate(body);
        return new NetworkAuthorization(card, AuthorizationKind.BALANCE_INQUIRY, 0, null,
                merchant(f.object("merchant").orElseThrow()));
    }

    private static Merchant merchant(Fields m) {
        return new Merchant(m.string("descriptor").orElseThrow(), m.string("mcc").orElse(null),
                m.string("country").orElse(null));
    }
}
