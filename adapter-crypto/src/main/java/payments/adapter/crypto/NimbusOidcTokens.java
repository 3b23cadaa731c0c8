package payments.adapter.crypto;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.factories.DefaultJWSVerifierFactory;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import java.net.MalformedURLException;
import java.net.URL;
import java.security.Key;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import payments.core.platform.Environment;
import payments.core.validation.StorableText;
import payments.ports.driven.wallet.OidcTokens;

/**
 * OIDC ID tokens (design section 9) with nimbus-jose-jwt. Production verifies RS256/ES256 signatures against the
 * issuer's JWKS (one cached, rate-limited source per issuer); the sandbox skips only that. Both then apply the
 * spec's claim rules against the caller's clock. Comparing iss/aud/sub/nonce with the registration is the caller's.
 */
public final class NimbusOidcTokens implements OidcTokens {
    static final Duration MAX_IAT_AGE = Duration.ofSeconds(60);
    static final Duration SANDBOX_SKEW = Duration.ofSeconds(5);
    /** Tolerated issuer clock lead in production: without it a token minted a second "ahead" of us fails. */
    static final Duration PRODUCTION_FUTURE_SKEW = Duration.ofSeconds(5);
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256);

    /** The spec's supported issuers and their published key sets. */
    public static final Map<String, URL> DEFAULT_ISSUERS = Map.of(
            "https://accounts.google.com", url("https://www.googleapis.com/oauth2/v3/certs"),
            "accounts.google.com", url("https://www.googleapis.com/oauth2/v3/certs"),
            "https://appleid.apple.com", url("https://appleid.apple.com/auth/keys"));

    private final Map<String, JWSVerificationKeySelector<SecurityContext>> keySelectors = new HashMap<>();
    private final DefaultJWSVerifierFactory verifiers = new DefaultJWSVerifierFactory();

    public NimbusOidcTokens() {
        this(Map.of());
    }

    /** @param extraIssuers issuers beyond {@link #DEFAULT_ISSUERS} (e.g. a test provider), with their JWKS URLs */
    public NimbusOidcTokens(Map<String, URL> extraIssuers) {
        Map<String, URL> issuers = new HashMap<>(DEFAULT_ISSUERS);
        issuers.putAll(extraIssuers);
        // Google and accounts.google.com share one URL but get separate caches: harmless, and simpler.
        issuers.forEach((issuer, jwks) -> keySelectors.put(issuer,
                new JWSVerificationKeySelector<>(ALGORITHMS, keySource(jwks))));
    }

    static JWKSource<SecurityContext> keySource(URL jwks) {
        return JWKSourceBuilder.<SecurityContext>create(jwks)
                .cache(15 * 60_000L, 15_000L)   // Google rotates keys about every 6 h; 15 min TTL
                .rateLimited(30_000L)           // at most one refetch per 30 s for an unknown kid
                .retrying(true)
                .build();
    }

    @Override
    public Claims verify(Environment environment, String token, Instant now) throws Malformed, Rejected {
        JWT jwt = parse(token);
        Map<String, Object> claims = payload(jwt);
        String issuer = nonEmptyString(claims.get("iss"), "iss missing");
        JWSVerificationKeySelector<SecurityContext> keys = keySelectors.get(issuer);
        if (keys == null) {
            throw new Rejected("issuer not supported");
        }
        boolean sandbox = environment == Environment.SANDBOX;
        if (!sandbox) {
            verifySignature(jwt, keys);
        }
        List<String> audience = audience(claims.get("aud"));
        String subject = nonEmptyString(claims.get("sub"), "sub missing or empty");
        Instant issuedAt = seconds(claims.get("iat"), "iat missing or not numeric");
        Instant expiresAt = seconds(claims.get("exp"), "exp missing or not numeric");
        Duration skew = sandbox ? SANDBOX_SKEW : Duration.ZERO;
        if (issuedAt.isBefore(now.minus(MAX_IAT_AGE).minus(skew))) {
            throw new Rejected("iat older than 60 s");
        }
        if (issuedAt.isAfter(now.plus(sandbox ? SANDBOX_SKEW : PRODUCTION_FUTURE_SKEW))) {
            throw new Rejected("iat in the future");
        }
        if (!expiresAt.isAfter(now)) {
            throw new Rejected("token expired");
        }
        return new Claims(issuer, audience, subject, issuedAt, expiresAt,
                optionalString(claims.get("nonce"), "nonce not a string"), email(claims.get("email")));
    }

    private static JWT parse(String token) throws Malformed {
        if (token == null || token.isEmpty()) {
            throw new Malformed("oidcToken is empty");
        }
        JWT jwt;
        try {
            jwt = JWTParser.parse(token);
        } catch (ParseException e) {
            throw new Malformed("oidcToken is not a JWT");
        }
        if (jwt instanceof EncryptedJWT) {
            throw new Malformed("oidcToken is an encrypted JWT");
        }
        return jwt;
    }

    private static Map<String, Object> payload(JWT jwt) throws Malformed {
        // Read the raw claims: JWTClaimsSet would refuse a non-numeric iat as unparseable, but that is a
        // failed claim check (401) rather than a token that is not a JWT (400).
        Map<String, Object> claims = jwt instanceof SignedJWT s ? s.getPayload().toJSONObject()
                : ((PlainJWT) jwt).getPayload().toJSONObject();
        if (claims == null) {
            throw new Malformed("oidcToken payload is not a JSON object");
        }
        return claims;
    }

    private void verifySignature(JWT jwt, JWSVerificationKeySelector<SecurityContext> keys) throws Rejected {
        if (!(jwt instanceof SignedJWT signed)) {
            throw new Rejected("signature missing");
        }
        JWSHeader header = signed.getHeader();
        if (!ALGORITHMS.contains(header.getAlgorithm())) {
            throw new Rejected("signature algorithm not allowed");
        }
        List<Key> candidates;
        try {
            candidates = keys.selectJWSKeys(header, null);
        } catch (JOSEException e) {   // KeySourceException: the issuer's JWKS could not be fetched
            throw new Rejected("issuer key set unavailable");
        }
        if (candidates.isEmpty()) {
            throw new Rejected("signature key not found");
        }
        for (Key key : candidates) {
            try {
                if (signed.verify(verifiers.createJWSVerifier(header, key))) {
                    return;
                }
            } catch (JOSEException | IllegalStateException e) {
                // a key that cannot verify this header is simply not the signer; try the next one
            }
        }
        throw new Rejected("signature invalid");
    }

    /** A non-empty string or a one-element array of one (Google and Apple send a string). */
    private static List<String> audience(Object aud) throws Rejected {
        if (aud instanceof String s && !s.isEmpty()) {
            return List.of(storable(s));
        }
        if (aud instanceof List<?> list && list.size() == 1 && list.get(0) instanceof String s && !s.isEmpty()) {
            return List.of(storable(s));
        }
        throw new Rejected("aud must be a non-empty string or a one-element string array");
    }

    private static String nonEmptyString(Object value, String reason) throws Rejected {
        if (value instanceof String s && !s.isEmpty()) {
            return storable(s);
        }
        throw new Rejected(reason);
    }

    private static String optionalString(Object value, String reason) throws Rejected {
        if (value == null || value instanceof String) {
            return value == null ? null : storable((String) value);
        }
        throw new Rejected(reason);
    }

    private static String email(Object value) throws Rejected {
        return value instanceof String s ? storable(s) : null;
    }

    /** A claim the credential keeps (issuer, audience, subject, email) must be storable text; the sandbox checks no signature. */
    private static String storable(String claim) throws Rejected {
        String problem = StorableText.problem(claim);
        if (problem != null) {
            throw new Rejected("a claim " + problem);
        }
        return claim;
    }

    /** NumericDate: seconds since the epoch, fractions allowed. */
    private static Instant seconds(Object value, String reason) throws Rejected {
        if (value instanceof Number n && Double.isFinite(n.doubleValue())) {
            double seconds = n.doubleValue();
            if (Math.abs(seconds) < 1e12) {
                return Instant.ofEpochMilli(Math.round(seconds * 1000));
            }
        }
        throw new Rejected(reason);
    }

    private static URL url(String url) {
        try {
            return new URL(url);
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
