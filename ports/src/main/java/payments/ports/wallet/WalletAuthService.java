package payments.ports.wallet;

import payments.ports.time.PlatformClock;
import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.string;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import payments.core.account.InternalAccount;
import payments.core.common.EntityId;
import payments.core.common.InternalAccountId;
import payments.core.common.InvalidFields;
import payments.core.common.InvalidInput;
import payments.core.common.NotFound;
import payments.core.common.RateLimited;
import payments.core.customer.Customer;
import payments.core.platform.Caller;
import payments.core.platform.Permission;
import payments.core.validation.Fields;
import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest.SignerRule;
import payments.core.wallet.WalletSession;
import payments.ports.driven.wallet.AuthChallenges;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.customer.Customers;
import payments.ports.driven.Ids;
import payments.ports.driven.wallet.OidcTokens;
import payments.ports.driven.wallet.OtpSender;
import payments.ports.driven.wallet.Passkeys;
import payments.ports.driven.TransactionRunner;
import payments.ports.driven.wallet.WalletCrypto;
import payments.ports.driven.wallet.WalletSessions;

/**
 * Wallet credentials (EMAIL_OTP, SMS_OTP, OAUTH, PASSKEY): registering them (a signed retry once the wallet has
 * one), challenging and verifying them into sessions, revoking them. Crypto is behind {@link WalletCrypto},
 * {@link Passkeys} and {@link OidcTokens}.
 */
public final class WalletAuthService {
    public static final String SANDBOX_OTP = "000000";
    static final String LEGACY_PASSKEY_SIGNATURE = "sandbox-valid-passkey-signature";
    static final int CHALLENGES_PER_WINDOW = 3;
    private static final int PASSKEY_CHALLENGE_BYTES = 32;
    static final long CHALLENGE_WINDOW_SECONDS = 180;
    static final String PUBLIC_KEY_PATTERN = "^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$";

    private static final ObjectSchema CREATE = ObjectSchema.of()
            .required("type", oneOf(AuthMethodType.class))
            .required("accountId", string(1, 100))
            .optional("oidcToken", string(1, 8192))
            .optional("nickname", string(1, 100))
            .optional("challenge", string(1, 1024))
            .optional("attestation", ObjectSchema.of()
                    .required("credentialId", string(1, 1024))
                    .required("clientDataJson", string(1, 8192))
                    .required("attestationObject", string(1, 16384))
                    .optional("transports", Types.arrayOf(oneOf("usb", "nfc", "ble", "internal", "hybrid"), 0, 5)));
    private static final ObjectSchema CHALLENGE = ObjectSchema.of()
            .optional("clientPublicKey", pattern(PUBLIC_KEY_PATTERN, 66, 130));
    private static final ObjectSchema VERIFY = ObjectSchema.of()
            .required("type", oneOf(AuthMethodType.class))
            .optional("encryptedOtpBundle", string(1, 8192))
            .optional("oidcToken", string(1, 8192))
            .optional("clientPublicKey", pattern(PUBLIC_KEY_PATTERN, 66, 130))
            .optional("assertion", ObjectSchema.of()
                    .required("credentialId", string(1, 1024))
                    .required("clientDataJson", string(1, 8192))
                    .required("authenticatorData", string(1, 8192))
                    .required("signature", string(1, 1024))
                    .optional("userHandle", string(1, 1024)));

    private final Credentials credentials;
    private final WalletSessions sessions;
    private final AuthChallenges challenges;
    private final Customers customers;
    private final WalletAccounts wallets;
    private final SignedRetry signedRetry;
    private final WalletCrypto crypto;
    private final Passkeys passkeys;
    private final OidcTokens oidc;
    private final OtpSender otpSender;
    private final PlatformClock clock;
    private final Ids ids;
    private final TransactionRunner tx;

    public WalletAuthService(Credentials credentials, WalletSessions sessions, AuthChallenges challenges,
                             Customers customers, payments.ports.driven.account.InternalAccounts accounts,
                             SignedRetry signedRetry, WalletCrypto crypto, Passkeys passkeys, OidcTokens oidc,
                             OtpSender otpSender, PlatformClock clock, Ids ids, TransactionRunner tx) {
        this.credentials = credentials;
        this.sessions = sessions;
        this.challenges = challenges;
        this.customers = customers;
        this.wallets = new WalletAccounts(accounts);
        this.signedRetry = signedRetry;
        this.crypto = crypto;
        this.passkeys = passkeys;
        this.oidc = oidc;
        this.otpSender = otpSender;
        this.clock = clock;
        this.ids = ids;
        this.tx = tx;
    }

    /** What a challenge call returns: the credential with its OTP bundle, or a passkey challenge. */
    public record Challenged(Credential credential, String otpEncryptionTargetBundle, AuthChallenge passkey) {
    }

    /** A new session, and for OAUTH and PASSKEY the session key sealed to the client. */
    public record NewSession(WalletSession session, String encryptedSessionSigningKey) {
    }

    // ---- credentials ----

    /**
     * Adds a credential: unsigned to a wallet with none, else by signed retry. An OTP credential added by signed
     * retry gets its code on the retry (reference/wallet-auth.md), to verify with {@code /verify}; the first one of
     * a wallet does not (it calls {@code /challenge}).
     */
    public SignedRetry.Outcome<Challenged> create(Caller caller, Object body, SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        Fields f = CREATE.validate(body);
        AuthMethodType type = AuthMethodType.valueOf(f.string("type").orElseThrow());
        InternalAccount wallet = wallets.require(caller, "accountId", f.string("accountId").orElseThrow());
        requireFieldsOf(type, f);
        return tx.inTransaction(() -> {
            // The owner first, as a contact change locks it before the credentials tied to the contact: an OTP
            // credential's address is the contact as it stands after any change in flight.
            Customer owner = customers.findForUpdate(caller.platformId(), wallet.customerId()).orElseThrow();
            // Locked as a revocation locks them: a credential set counted here stays the set the retry adds to.
            List<Credential> existing = lockWallet(caller, wallet.id());
            if (existing.isEmpty()) {
                return new SignedRetry.Done<>(new Challenged(register(caller, wallet, owner, type, f, existing), null,
                        null), null);
            }
            var guard = new SignedRetry.Guard(caller, wallet.id(), type, "ACTIVITY_TYPE_CREATE_AUTHENTICATORS",
                    signed, Map.of("credentialType", type.name()), SignerRule.ANY_SESSION, null, null);
            if (guard.isFirstLeg()) {
                checkLimits(caller, wallet, type, identityBeforeRegistration(caller, owner, type, f), existing);
            }
            return signedRetry.run(guard, signer -> {
                Credential added = register(caller, wallet, owner, type, f, existing);
                return new Challenged(added, type.isOtp() ? sendOtp(caller, added, ids.newId(), clock.now(caller))
                        : null, null);
            });
        });
    }

    public List<Credential> list(Caller caller, InternalAccountId account) {
        caller.require(Permission.VIEW);
        return credentials.listActive(caller.platformId(), account);
    }

    public SignedRetry.Outcome<Void> revoke(Caller caller, UUID credentialId, SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        return tx.inTransaction(() -> {
            Credential credential = credential(caller, credentialId);
            if (lockWallet(caller, credential.accountId()).size() <= 1) {
                throw new InvalidInput("INVALID_INPUT", "A wallet keeps at least one credential; add another first");
            }
            var guard = new SignedRetry.Guard(caller, credential.accountId(), credential.type(),
                    "ACTIVITY_TYPE_DELETE_AUTHENTICATORS", signed,
                    Map.of("credentialId", credential.wireId()), SignerRule.SESSION_OF_OTHER_CREDENTIAL,
                    credential.id().toString(), null);
            return signedRetry.run(guard, signer -> {
                Instant now = clock.now(caller);
                credentials.revoke(caller.platformId(), credential.id(), now);
                sessions.revokeIssuedBy(caller.platformId(), credential.id(), now);
                return null;
            });
        });
    }

    // ---- challenge and verify ----

    public Challenged challenge(Caller caller, UUID credentialId, Object body) {
        caller.require(Permission.MANAGE);
        Fields f = body == null ? Fields.empty() : CHALLENGE.validate(body);
        return tx.inTransaction(() -> {
            // Locked, so concurrent challenges count each other (the rate limit holds) and a contact change in
            // flight has committed: the code goes to the credential's address as it stands.
            Credential credential = lockActive(caller, credential(caller, credentialId))
                    .orElseThrow(() -> notFound(credentialId));
            Instant now = clock.now(caller);
            if (credential.type() == AuthMethodType.OAUTH) {
                throw new InvalidInput("INVALID_INPUT", "OAUTH credentials verify with a fresh oidcToken directly");
            }
            int recent = challenges.countSince(caller.platformId(), credentialId,
                    now.minusSeconds(CHALLENGE_WINDOW_SECONDS));
            if (recent >= CHALLENGES_PER_WINDOW) {
                throw new RateLimited("Too many challenges for this credential", CHALLENGE_WINDOW_SECONDS);
            }
            UUID id = ids.newId();
            if (credential.type() == AuthMethodType.PASSKEY) {
                String clientKey = canonicalKey(f.string("clientPublicKey").orElseThrow(() ->
                        InvalidFields.of("clientPublicKey", "is required for a PASSKEY challenge")), "clientPublicKey");
                // WebAuthn wants at least 16 unpredictable bytes; an id's are partly its time.
                String challengeHex = HexFormat.of().formatHex(crypto.randomBytes(PASSKEY_CHALLENGE_BYTES));
                AuthChallenge challenge = new AuthChallenge(id, credential.accountId(), credentialId,
                        credential.type(), challengeHex, clientKey, null, null, null, 0, now,
                        now.plus(AuthChallenge.LIFETIME), null);
                challenges.insert(caller.platformId(), challenge);
                return new Challenged(credential, null, challenge);
            }
            return new Challenged(credential, sendOtp(caller, credential, id, now), null);
        });
    }

    /**
     * A new OTP challenge {@code id} of the credential: its code sent (the sandbox's is fixed), and the bundle of the
     * challenge's target key returned, which the client seals the code to.
     */
    private String sendOtp(Caller caller, Credential credential, UUID id, Instant now) {
        WalletCrypto.TargetKey target = crypto.newTargetKey();
        String code = caller.isSandbox() ? SANDBOX_OTP : String.format("%06d",
                Math.floorMod(ByteBuffer.wrap(crypto.randomBytes(Long.BYTES)).getLong(), 1_000_000L));
        challenges.insert(caller.platformId(), new AuthChallenge(id, credential.accountId(), credential.id(),
                credential.type(), null, null, target.publicKeyUncompressed(), target.privateScalar(),
                crypto.sha256Hex(code.getBytes(StandardCharsets.UTF_8)), 0, now, now.plus(AuthChallenge.LIFETIME),
                null));
        if (!caller.isSandbox()) {
            otpSender.send(credential.type(), credential.identity(), code);
        }
        return crypto.otpTargetBundle(target);
    }

    public SignedRetry.Outcome<NewSession> verify(Caller caller, UUID credentialId, Object body,
                                                  SignedRetry.Signed signed) {
        caller.require(Permission.MANAGE);
        Fields f = VERIFY.validate(body);
        Credential credential = tx.inTransaction(() -> credential(caller, credentialId));
        if (!credential.type().name().equals(f.string("type").orElseThrow())) {
            throw InvalidFields.of("type", "must be " + credential.type() + ", the credential's type");
        }
        return switch (credential.type()) {
            case EMAIL_OTP, SMS_OTP -> verifyOtp(caller, credential, f, signed);
            case OAUTH -> new SignedRetry.Done<>(verifyOauth(caller, credential, f), null);
            case PASSKEY -> new SignedRetry.Done<>(verifyPasskey(caller, credential, f, signed.requestId()), null);
        };
    }

    /** OTP: the first call opens the bundle and checks the code (202); the retry signed by its key opens a session. */
    private SignedRetry.Outcome<NewSession> verifyOtp(Caller caller, Credential credential, Fields f,
                                                      SignedRetry.Signed signed) {
        String bundle = f.string("encryptedOtpBundle").orElseThrow(() ->
                InvalidFields.of("encryptedOtpBundle", "is required for " + credential.type()));
        var guard = new SignedRetry.Guard(caller, credential.accountId(), credential.type(),
                "ACTIVITY_TYPE_OTP_LOGIN", signed, Map.of(), SignerRule.BOUND_KEY, null, null);
        if (!guard.isFirstLeg()) {
            return tx.inTransaction(() -> {
                lockWallet(caller, credential.accountId()); // before the request's row, as every wallet path does
                return signedRetry.run(guard, signer -> new NewSession(openSession(caller, credential, signer, null),
                        null));
            });
        }
        CodeCheck check = tx.inTransaction(() -> checkCode(caller, credential, bundle));
        if (check.failure() != null) {
            throw check.failure();
        }
        return tx.inTransaction(() -> new SignedRetry.Challenge<>(signedRetry.issue(new SignedRetry.Guard(caller,
                credential.accountId(), credential.type(), "ACTIVITY_TYPE_OTP_LOGIN", signed,
                Map.of("publicKey", check.publicKey(), "credentialId", credential.wireId()), SignerRule.BOUND_KEY,
                check.publicKey(), null))));
    }

    private record CodeCheck(String publicKey, RuntimeException failure) {
    }

    /** Opens the bundle with the latest challenge's target key; a wrong code counts an attempt (and commits it). */
    private CodeCheck checkCode(Caller caller, Credential credential, String bundle) {
        lockActive(caller, credential).orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
        Instant now = clock.now(caller);
        AuthChallenge challenge = challenges.latestForUpdate(caller.platformId(), credential.id())
                .filter(c -> c.isUsable(now))
                .orElseThrow(() -> SignedRetry.failedCheck("No usable OTP challenge; call /challenge first"));
        WalletCrypto.OtpBundle opened;
        try {
            opened = crypto.openOtpBundle(bundle, new WalletCrypto.TargetKey(challenge.targetPublicKey(),
                    challenge.targetPrivate()));
        } catch (WalletCrypto.InvalidBundle e) {
            throw InvalidFields.of("encryptedOtpBundle", "cannot be opened with this challenge's target key");
        }
        if (!MessageDigest.isEqual(crypto.sha256Hex(opened.otpCode().getBytes(StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.US_ASCII), challenge.codeSha256().getBytes(StandardCharsets.US_ASCII))) {
            challenges.recordAttempt(caller.platformId(), challenge.id());
            return new CodeCheck(null, SignedRetry.failedCheck("Invalid OTP code"));
        }
        challenges.consume(caller.platformId(), challenge.id(), now);
        return new CodeCheck(opened.publicKey(), null);
    }

    private NewSession verifyOauth(Caller caller, Credential credential, Fields f) {
        String token = f.string("oidcToken").orElseThrow(() -> InvalidFields.of("oidcToken", "is required"));
        String clientKey = f.string("clientPublicKey").orElseThrow(() ->
                InvalidFields.of("clientPublicKey", "is required for OAUTH"));
        OidcTokens.Claims claims = loginClaims(caller, token);
        if (!(claims.issuer() + "|" + claims.subject()).equals(credential.identity())
                || !String.join(",", claims.audience()).equals(credential.audience())) {
            throw SignedRetry.failedCheck("The token's iss/aud/sub differ from the registered identity");
        }
        if (!crypto.sha256Hex(clientKey.getBytes(StandardCharsets.UTF_8)).equals(claims.nonce())) {
            throw SignedRetry.failedCheck("The token's nonce is not the SHA-256 of clientPublicKey");
        }
        return sealedSession(caller, credential, clientKey, null);
    }

    private NewSession verifyPasskey(Caller caller, Credential credential, Fields f, String requestId) {
        Fields assertion = f.object("assertion").orElseThrow(() -> InvalidFields.of("assertion", "is required"));
        if (requestId == null) {
            throw SignedRetry.unauthorized("REQUEST_ID_MISSING", "Request-Id from /challenge is required");
        }
        return tx.inTransaction(() -> {
            // Locked and read again: two assertions at once are checked against each other's sign count, not both
            // against the one read before either.
            Credential current = lockActive(caller, credential)
                    .orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
            Instant now = clock.now(caller);
            UUID id;
            try {
                id = EntityId.parse(payments.core.wallet.SignedRequest.KIND, "Request-Id", requestId);
            } catch (InvalidInput e) {
                throw SignedRetry.failedCheck("Request-Id is not a Request:<uuid>");
            }
            AuthChallenge challenge = challenges.findForUpdate(caller.platformId(), id)
                    .filter(c -> c.credentialId().equals(current.id()) && c.isUsable(now))
                    .orElseThrow(() -> SignedRetry.failedCheck("Request-Id is unknown, used or expired"));
            String signature = assertion.string("signature").orElseThrow();
            long count = current.signCount();
            if (!(caller.isSandbox() && LEGACY_PASSKEY_SIGNATURE.equals(signature))) {
                try {
                    count = passkeys.assert_(new Passkeys.Registered(current.identity(), current.passkeyData(),
                                    current.signCount()), challenge.challengeHex(),
                            assertion.string("credentialId").orElseThrow(),
                            assertion.string("clientDataJson").orElseThrow(),
                            assertion.string("authenticatorData").orElseThrow(), signature,
                            assertion.string("userHandle").orElse(null));
                } catch (Passkeys.Rejected e) {
                    throw SignedRetry.failedCheck("Passkey assertion rejected: " + e.getMessage());
                }
            }
            NewSession session = sealedSession(caller, current, challenge.clientPublicKey(), null);
            credentials.update(caller.platformId(), current.withSignCount(count, now));
            challenges.consume(caller.platformId(), challenge.id(), now);
            return session;
        });
    }

    /** A new session of the credential whose key is sealed to {@code clientKey} (OAUTH, PASSKEY, refresh). */
    NewSession sealedSession(Caller caller, Credential credential, String clientKey, UUID replaces) {
        WalletCrypto.SealedSessionKey sealed;
        try {
            sealed = crypto.newSealedSessionKey(clientKey);
        } catch (WalletCrypto.InvalidKey e) {
            throw InvalidFields.of("clientPublicKey", "is not a valid P-256 public key");
        }
        return tx.inTransaction(() -> new NewSession(openSession(caller, credential, sealed.publicKey(), replaces),
                sealed.encryptedSessionSigningKey()));
    }

    /**
     * Opens a session of the credential if it is still active, checked under the lock a revocation takes (which also
     * orders concurrent opens). {@code replaces} (a refresh's old session, or null) ends first, and must still have
     * been active; then the wallet's oldest active sessions end to keep it within its cap.
     */
    WalletSession openSession(Caller caller, Credential credential, String publicKey, UUID replaces) {
        lockActive(caller, credential).orElseThrow(() -> SignedRetry.failedCheck("The credential was revoked"));
        Instant now = clock.now(caller);
        if (replaces != null && !sessions.revoke(caller.platformId(), replaces, now)) {
            throw SignedRetry.failedCheck("The session is no longer active");
        }
        List<WalletSession> active = sessions.listActive(caller.platformId(), credential.accountId(), now);
        active.stream().sorted(Comparator.comparing(WalletSession::createdAt).thenComparing(WalletSession::id))
                .limit(Math.max(0, active.size() - (WalletSession.MAX_ACTIVE_PER_WALLET - 1)))
                .forEach(oldest -> sessions.revoke(caller.platformId(), oldest.id(), now));
        WalletSession session = new WalletSession(ids.newId(), credential.accountId(), credential.id(),
                credential.type(), credential.nickname(), publicKey, now, now, now.plus(WalletSession.LIFETIME),
                null);
        sessions.insert(caller.platformId(), session);
        return session;
    }

    // ---- registration ----

    private Credential register(Caller caller, InternalAccount wallet, Customer owner, AuthMethodType type,
                                Fields f, List<Credential> existing) {
        Instant now = clock.now(caller);
        String identity;
        String nickname;
        String audience = null;
        byte[] passkeyData = null;
        long signCount = 0;
        switch (type) {
            case EMAIL_OTP, SMS_OTP -> {
                identity = contactOf(owner, type);
                nickname = identity;
            }
            case OAUTH -> {
                OidcTokens.Claims claims = registeredClaims(caller, f.string("oidcToken").orElseThrow());
                identity = claims.issuer() + "|" + claims.subject();
                audience = String.join(",", claims.audience());
                nickname = claims.email() == null ? claims.subject() : claims.email();
            }
            default -> {
                Fields attestation = f.object("attestation").orElseThrow();
                Passkeys.Registered registered;
                try {
                    registered = passkeys.register(f.string("challenge").orElseThrow(),
                            attestation.string("credentialId").orElseThrow(),
                            attestation.string("clientDataJson").orElseThrow(),
                            attestation.string("attestationObject").orElseThrow());
                } catch (Passkeys.Rejected e) {
                    throw InvalidFields.of("attestation", "registration rejected: " + e.getMessage());
                }
                identity = registered.credentialId();
                passkeyData = registered.attestedCredentialData();
                signCount = registered.signCount();
                nickname = f.string("nickname").orElse("Passkey");
            }
        }
        checkLimits(caller, wallet, type, identity, existing);
        Credential credential = new Credential(ids.newId(), wallet.id(), type, nickname, identity, audience,
                passkeyData, signCount, now, now);
        credentials.insert(caller.platformId(), credential);
        return credential;
    }

    /** Identity checks that can run before a passkey's attestation is verified (the retry verifies it). */
    private String identityBeforeRegistration(Caller caller, Customer owner, AuthMethodType type, Fields f) {
        return switch (type) {
            case EMAIL_OTP, SMS_OTP -> contactOf(owner, type);
            case PASSKEY -> f.object("attestation").orElseThrow().string("credentialId").orElseThrow();
            case OAUTH -> {
                OidcTokens.Claims claims = registeredClaims(caller, f.string("oidcToken").orElseThrow());
                yield claims.issuer() + "|" + claims.subject();
            }
        };
    }

    /** One EMAIL_OTP, one SMS_OTP, distinct passkeys, one OAUTH per identity; an email tied to one OTP credential. */
    private void checkLimits(Caller caller, InternalAccount wallet, AuthMethodType type, String identity,
                             List<Credential> existing) {
        if (type == AuthMethodType.EMAIL_OTP && existing.stream().anyMatch(c -> c.type() == type)) {
            throw new InvalidInput("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS", "The wallet already has an EMAIL_OTP");
        }
        if (type == AuthMethodType.SMS_OTP && existing.stream().anyMatch(c -> c.type() == type)) {
            throw new InvalidInput("SMS_OTP_CREDENTIAL_ALREADY_EXISTS", "The wallet already has an SMS_OTP");
        }
        if (type == AuthMethodType.PASSKEY && existing.stream()
                .anyMatch(c -> c.type() == type && c.identity().equals(identity))) {
            throw new InvalidInput("PASSKEY_CREDENTIAL_ALREADY_EXISTS", "This passkey is already registered");
        }
        if (type == AuthMethodType.OAUTH && existing.stream()
                .anyMatch(c -> c.type() == type && c.identity().equals(identity))) {
            throw new InvalidInput("INVALID_INPUT", "An OAUTH credential of this identity already exists");
        }
    }

    private static String contactOf(Customer customer, AuthMethodType type) {
        String contact = type == AuthMethodType.EMAIL_OTP ? customer.email() : customer.phoneNumber();
        if (contact == null) {
            throw new InvalidInput("MISSING_MANDATORY_USER_INFO", "The customer has no "
                    + (type == AuthMethodType.EMAIL_OTP ? "email" : "phoneNumber") + " for " + type);
        }
        return contact;
    }

    private static void requireFieldsOf(AuthMethodType type, Fields f) {
        List<String> required = switch (type) {
            case OAUTH -> List.of("oidcToken");
            case PASSKEY -> List.of("challenge", "attestation");
            default -> List.of();
        };
        String missing = required.stream().filter(name -> !f.has(name)).collect(Collectors.joining(", "));
        if (!missing.isEmpty()) {
            throw InvalidFields.of(required.stream().filter(name -> !f.has(name)).findFirst().orElseThrow(),
                    "is required for " + type);
        }
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

    /** {@code hex} as a canonical P-256 public key, or a 400 naming {@code field}. */
    String canonicalKey(String hex, String field) {
        return canonicalKey(crypto, hex, field);
    }

    /** The key in its canonical form, or 400 naming {@code field} when it is not a point of P-256. */
    static String canonicalKey(WalletCrypto crypto, String hex, String field) {
        try {
            return crypto.canonicalPublicKey(hex);
        } catch (WalletCrypto.InvalidKey e) {
            throw InvalidFields.of(field, "is not a valid P-256 public key");
        }
    }

    private Credential credential(Caller caller, UUID id) {
        return credentials.find(caller.platformId(), id).orElseThrow(() -> notFound(id));
    }

    private static NotFound notFound(UUID credentialId) {
        return new NotFound("REFERENCE_NOT_FOUND", "No credential " + Credential.KIND + ":" + credentialId);
    }

    /**
     * Locks the wallet's active credentials until the transaction ends. Every path that reads a credential to act
     * on it, or changes the set, takes this lock first, after the owner's row and before challenges, signed
     * requests and sessions, so they apply one after another and never wait on each other in a circle.
     */
    List<Credential> lockWallet(Caller caller, InternalAccountId wallet) {
        return credentials.listActiveForUpdate(caller.platformId(), wallet);
    }

    /** {@link #lockWallet}, then the credential as it now stands; empty once revoked. */
    private Optional<Credential> lockActive(Caller caller, Credential credential) {
        return lockWallet(caller, credential.accountId()).stream().filter(c -> c.id().equals(credential.id()))
                .findFirst();
    }
}
