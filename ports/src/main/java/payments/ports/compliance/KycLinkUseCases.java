package payments.ports.compliance;

import java.time.Instant;
import payments.core.id.CustomerId;
import payments.core.platform.Caller;

/**
 * Hosted verification links (MANAGE): a single-use link the platform hands its end user, where the identity
 * provider's pages take them through KYC or KYB. 409 while a contact the provider requires is unverified.
 */
public interface KycLinkUseCases {
    /** The token (shown once, in the link) and when the link expires. */
    record IssuedLink(String token, Instant expiresAt) {
    }

    IssuedLink create(Caller caller, CustomerId customer, String redirectUri);
}
