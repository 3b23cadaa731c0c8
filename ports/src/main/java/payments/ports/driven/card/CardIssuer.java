package payments.ports.driven.card;

import java.time.Duration;
import java.util.Set;
import payments.core.card.Card;
import payments.core.card.CardBrand;
import payments.core.card.CardNumbers;
import payments.core.cardnetwork.DeclineReason;
import payments.core.cardnetwork.FundingPull;
import payments.core.cardnetwork.Merchant;

/**
 * The issuer processor behind the cards: it provisions a card (its number), and for each authorization says
 * whether it declines it on its side and how the funding pull will go. The sandbox's answers follow magic values
 * (docs/SANDBOX.md); a real processor's adapter replaces it.
 */
public interface CardIssuer {
    /** What the issuer assigned to a card, or its refusal ({@code numbers} null). */
    record Provisioning(CardBrand brand, CardNumbers numbers, int expMonth, int expYear, String processorRef,
                        String issuerRef) {
        public static final Provisioning REJECTED = new Provisioning(null, null, 0, 0, null, null);

        public boolean rejected() {
            return numbers == null;
        }
    }

    /** The issuer's word on an authorization: a decline (null: none), and how its funding pull goes. */
    record Verdict(DeclineReason decline, FundingPull pull) {
    }

    /** The currencies a card can be issued in (its funding sources' currency). */
    Set<String> currencies();

    /** How long after a card is requested the issuer provisions it. */
    Duration provisioningTime();

    /** How long a delayed funding pull stays pending. */
    Duration delayedPullTime();

    Provisioning provision(Card card);

    Verdict authorization(Merchant merchant);
}
