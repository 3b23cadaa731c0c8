package payments.adapter.sandbox;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.Set;
import payments.core.card.Card;
import payments.core.card.CardBrand;
import payments.core.card.CardNumbers;
import payments.core.cardnetwork.DeclineReason;
import payments.core.cardnetwork.FundingPull;
import payments.core.cardnetwork.Merchant;
import payments.ports.driven.card.CardIssuer;

/**
 * The sandbox's card issuer. It provisions test cards (Luhn-valid numbers on the test ranges 4000 00 for Visa and
 * 5200 00 for Mastercard, which no real card uses), unless the card's {@code platformCardId} ends in {@code 002};
 * and it decides authorizations by the merchant descriptor's last three characters (reference/cards.md):
 * {@code 002} declined for insufficient funds, {@code 003} declined as paused, {@code 005} a funding pull confirmed
 * 30 s later, {@code 006} a pull whose confirmation fails (an {@code EXCEPTION} when it clears), other approved.
 */
public final class SandboxCardIssuer implements CardIssuer {
    private static final SecureRandom RANDOM = new SecureRandom();

    @Override
    public Set<String> currencies() {
        return Set.of("USD", "EUR", "GBP", "USDC");
    }

    @Override
    public Duration provisioningTime() {
        return Duration.ofSeconds(2);
    }

    @Override
    public Duration delayedPullTime() {
        return Duration.ofSeconds(30);
    }

    @Override
    public Provisioning provision(Card card) {
        if (MagicSuffix.of(card.platformCardId()).equals("002")) {
            return Provisioning.REJECTED;
        }
        CardBrand brand = card.currency().equals("EUR") ? CardBrand.MASTERCARD : CardBrand.VISA;
        StringBuilder pan = new StringBuilder(brand == CardBrand.VISA ? "400000" : "520000");
        while (pan.length() < 15) {
            pan.append(RANDOM.nextInt(10));
        }
        pan.append(CardNumbers.luhnDigit(pan.toString()));
        String cvv = String.format("%03d", RANDOM.nextInt(1000));
        var expiry = card.createdAt().atZone(ZoneOffset.UTC).plusYears(3);
        return new Provisioning(brand, new CardNumbers(pan.toString(), cvv), expiry.getMonthValue(),
                expiry.getYear(), "sandbox-processor-" + card.id().value(), "sandbox-issuer-" + card.id().value());
    }

    @Override
    public Verdict authorization(Merchant merchant) {
        return switch (MagicSuffix.of(merchant.descriptor())) {
            case "002" -> new Verdict(DeclineReason.INSUFFICIENT_FUNDS, FundingPull.IMMEDIATE);
            case "003" -> new Verdict(DeclineReason.CARD_PAUSED, FundingPull.IMMEDIATE);
            case "005" -> new Verdict(null, FundingPull.DELAYED);
            case "006" -> new Verdict(null, FundingPull.CONFIRMATION_FAILS);
            default -> new Verdict(null, FundingPull.IMMEDIATE);
        };
    }
}
