package payments.ports.walletauth;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import payments.core.customer.Customer;
import payments.core.error.InvalidFields;
import payments.core.error.InvalidInput;
import payments.core.platform.Caller;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.ports.driven.wallet.OidcTokens;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.time.PlatformClock;
import payments.ports.wallet.CredentialSessions;
import payments.ports.wallet.NewSession;
import payments.ports.wallet.SignedCall;
import payments.ports.wallet.SignedOutcome;
import payments.ports.wallet.SignedRetry;

/**
 * OAUTH credentials: an OpenID Connect identity ({@code iss|sub} and its audience), one credential per identity. It
 * takes no challenge: a fresh token whose nonce is the SHA-256 of the client's key opens a session sealed to that key.
 */
public final class OauthCredentials implements CredentialKind {
    private final OidcTokens oidc;
    private final WalletCrypto crypto;
    private final CredentialSessions sessions;
    private final PlatformClock clock;

    public OauthCredentials(OidcTokens oidc, WalletCrypto crypto, CredentialSessions sessions, PlatformClock clock) {
        this.oidc = oidc;
        this.crypto = crypto;
        this.sessions = sessions;
        this.clock = clock;
    }

    @Override
    public AuthMethodType type() {
        return AuthMethodType.OAUTH;
    }

    @Override
    public void requireRegistrationFields(NewCredential request) {
        if (request.oidcToken() == null) {
            throw InvalidFields.of("oidcToken", "is required for OAUTH");
        }
    }

    @Override
    public String identityBeforeRegistration(Caller caller, Customer owner, NewCredential request) {
        OidcTokens.Claims claims = registeredClaims(caller, request.oidcToken());
        return claims.issuer() + "|" + claims.subject();
    }

    @Override
    public Registration register(Caller caller, Customer owner, NewCredential request) {
        OidcTokens.Claims claims = registeredClaims(caller, request.oidcToken());
        return new Registration(claims.issuer() + "|" + claims.subject(), claims.email() == null ? claims.subject()
                : claims.email(), String.join(",", claims.audience()), null, 0);
    }

    @Override
    public void checkLimit(String identity, List<Credential> existing) {
        if (existing.stream().anyMatch(c -> c.type() == AuthMethodType.OAUTH
                && c.identity().equals(identity))) {
            throw new InvalidInput("INVALID_INPUT", "An OAUTH credential of this identity already exists");
        }
    }

    @Override
    public Challenged challenge(Caller caller, Credential locked, CredentialChallenge request, Instant now) {
        throw new InvalidInput("INVALID_INPUT", "OAUTH credentials verify with a fresh oidcToken directly");
    }

    @Override
    public SignedOutcome<NewSession> verify(Caller caller, Credential credential, CredentialVerification request,
                                            SignedCall call) {
        String token = request.oidcToken();
        if (token == null) {
            throw InvalidFields.of("oidcToken", "is required");
        }
        String clientKey = request.clientPublicKey();
        if (clientKey == null) {
            throw InvalidFields.of("clientPublicKey", "is required for OAUTH");
        }
        OidcTokens.Claims claims = loginClaims(caller, token);
        if (!(claims.issuer() + "|" + claims.subject()).equals(credential.identity())
                || !String.join(",", claims.audience()).equals(credential.audience())) {
            throw SignedRetry.failedCheck("The token's iss/aud/sub differ from the registered identity");
        }
        if (!crypto.sha256Hex(clientKey.getBytes(StandardCharsets.UTF_8)).equals(claims.nonce())) {
            throw SignedRetry.failedCheck("The token's nonce is not the SHA-256 of clientPublicKey");
        }
        return new SignedOutcome.Done<>(sessions.sealed(caller, credential, clientKey, null), null);
    }

    /** A login's token: one that fails a check is 401 with the check as its reason (design §9). */
    private OidcTokens.Claims loginClaims(Caller caller, String token) {
        try {
            return verifiedToken(caller, token);
        } catch (OidcTokens.Rejected e) {
            throw SignedRetry.failedCheck("OIDC token rejected: " + e.getMessage());
        }
    }

    /** A new credential's token: a bad token or issuer is the body's fault, 400 (reference: createAuthCredential). */
    private OidcTokens.Claims registeredClaims(Caller caller, String token) {
        try {
            return verifiedToken(caller, token);
        } catch (OidcTokens.Rejected e) {
            throw InvalidFields.of("oidcToken", "was rejected: " + e.getMessage());
        }
    }

    private OidcTokens.Claims verifiedToken(Caller caller, String token) throws OidcTokens.Rejected {
        try {
            // The identity provider dates its tokens in real time, whatever the sandbox clock says.
            return oidc.verify(caller.environment(), token, clock.realNow());
        } catch (OidcTokens.Malformed e) {
            throw InvalidFields.of("oidcToken", "is not a JWT: " + e.getMessage());
        }
    }
}
