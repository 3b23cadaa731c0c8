package payments.ports.card;

/** The reveal page's side: no API token, the link's token is the credential, and it shows the card once. */
public interface CardRevealUseCases {
    /** The card behind a reveal link, which is used up; 404 for an unknown link, 410 for a used or expired one. */
    RevealedCard open(String token);
}
