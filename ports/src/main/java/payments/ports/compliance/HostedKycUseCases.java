package payments.ports.compliance;

/**
 * What the hosted verification page does for the end user holding a link's token (no API token: the link's token is
 * the credential). 404 for an unknown token, 410 for a used or expired one.
 */
public interface HostedKycUseCases {
    /** What the page shows: who is being verified and whether the link can still be used. */
    record Visit(String customerName, String customerType, String outcome, String redirectUri) {
    }

    Visit open(String token);

    /** The end user finishes ({@code approve}) or fails the verification; the customer's status follows. */
    Visit finish(String token, boolean approve);
}
