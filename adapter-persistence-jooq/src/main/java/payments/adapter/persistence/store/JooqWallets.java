package payments.adapter.persistence.store;

import payments.adapter.persistence.Row;
import payments.adapter.persistence.Db;
import static payments.adapter.persistence.Keyset.instant;
import static payments.adapter.persistence.Keyset.utc;
import static payments.adapter.persistence.schema.Tables.AUTH_CHALLENGES;
import static payments.adapter.persistence.schema.Tables.AUTH_CREDENTIALS;
import static payments.adapter.persistence.schema.Tables.AUTH_SESSIONS;
import static payments.adapter.persistence.schema.Tables.SIGNED_REQUESTS;
import static payments.adapter.persistence.schema.Tables.WALLET_SECRETS;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.SelectSeekStep2;
import payments.adapter.persistence.schema.tables.records.AuthChallengesRecord;
import payments.adapter.persistence.schema.tables.records.AuthCredentialsRecord;
import payments.adapter.persistence.schema.tables.records.AuthSessionsRecord;
import payments.adapter.persistence.schema.tables.records.SignedRequestsRecord;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.wallet.AuthChallenge;
import payments.core.wallet.AuthMethodType;
import payments.core.wallet.Credential;
import payments.core.wallet.SignedRequest;
import payments.core.wallet.WalletSession;
import payments.ports.driven.wallet.AuthChallenges;
import payments.ports.driven.wallet.Credentials;
import payments.ports.driven.wallet.SignedRequests;
import payments.ports.driven.wallet.WalletSecrets;
import payments.ports.driven.wallet.WalletSessions;
import payments.adapter.persistence.secret.Sealing;
import payments.adapter.persistence.secret.SecretBox;

/** The embedded-wallet authentication tables, one small store per port. */
public final class JooqWallets {
    private JooqWallets() {
    }

    /** Ends the credential's unconsumed challenges at {@code at}: their codes and assertions stop working. */
    private static void endOpenChallenges(Db db, PlatformId platform, UUID credentialId, Instant at) {
        db.ctx().update(AUTH_CHALLENGES).set(AUTH_CHALLENGES.CONSUMED_AT, utc(at))
                .set(AUTH_CHALLENGES.TARGET_PRIVATE, (byte[]) null)
                .where(AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value())
                        .and(AUTH_CHALLENGES.CREDENTIAL_ID.eq(credentialId))
                        .and(AUTH_CHALLENGES.CONSUMED_AT.isNull()))
                .execute();
    }

    /** Credentials. */
    public static final class CredentialStore implements Credentials {
        private final Db db;

        public CredentialStore(Db db) {
            this.db = db;
        }


        @Override
        public void insert(PlatformId platform, Credential c) {
            db.ctx().insertInto(AUTH_CREDENTIALS).set(record(platform, c).values()).execute();
        }

        @Override
        public void update(PlatformId platform, Credential c) {
            db.ctx().update(AUTH_CREDENTIALS).set(record(platform, c).values())
                    .where(AUTH_CREDENTIALS.PLATFORM_ID.eq(platform.value()).and(AUTH_CREDENTIALS.ID.eq(c.id())))
                    .execute();
        }

        @Override
        public void readdress(PlatformId platform, Credential moved) {
            update(platform, moved);
            endOpenChallenges(db, platform, moved.id(), moved.updatedAt());
        }

        @Override
        public Optional<Credential> find(PlatformId platform, UUID id) {
            return db.ctx().selectFrom(AUTH_CREDENTIALS)
                    .where(AUTH_CREDENTIALS.PLATFORM_ID.eq(platform.value()).and(AUTH_CREDENTIALS.ID.eq(id))
                            .and(AUTH_CREDENTIALS.REVOKED_AT.isNull()))
                    .fetchOptional().map(CredentialStore::toCredential);
        }

        @Override
        public List<Credential> listActive(PlatformId platform, InternalAccountId account) {
            return active(platform, account).fetch(CredentialStore::toCredential);
        }

        @Override
        public List<Credential> listActiveForUpdate(PlatformId platform, InternalAccountId account) {
            // A revocation that committed while this waited drops out: PostgreSQL re-checks a locked row's WHERE.
            return active(platform, account).forUpdate().fetch(CredentialStore::toCredential);
        }

        private SelectSeekStep2<AuthCredentialsRecord, OffsetDateTime, UUID> active(PlatformId platform,
                                                                                    InternalAccountId account) {
            return db.ctx().selectFrom(AUTH_CREDENTIALS)
                    .where(AUTH_CREDENTIALS.PLATFORM_ID.eq(platform.value())
                            .and(AUTH_CREDENTIALS.ACCOUNT_ID.eq(account.value()))
                            .and(AUTH_CREDENTIALS.REVOKED_AT.isNull()))
                    .orderBy(AUTH_CREDENTIALS.CREATED_AT, AUTH_CREDENTIALS.ID);
        }

        @Override
        public void revoke(PlatformId platform, UUID id, Instant now) {
            db.ctx().update(AUTH_CREDENTIALS)
                    .set(AUTH_CREDENTIALS.REVOKED_AT, utc(now)).set(AUTH_CREDENTIALS.UPDATED_AT, utc(now))
                    .where(AUTH_CREDENTIALS.PLATFORM_ID.eq(platform.value()).and(AUTH_CREDENTIALS.ID.eq(id))
                            .and(AUTH_CREDENTIALS.REVOKED_AT.isNull()))
                    .execute();
        }

        @Override
        public boolean identityInUse(PlatformId platform, AuthMethodType type, String identity) {
            return db.ctx().fetchExists(AUTH_CREDENTIALS, AUTH_CREDENTIALS.PLATFORM_ID.eq(platform.value())
                    .and(AUTH_CREDENTIALS.TYPE.eq(type.name())).and(AUTH_CREDENTIALS.IDENTITY.eq(identity))
                    .and(AUTH_CREDENTIALS.REVOKED_AT.isNull()));
        }

        private static Row<AuthCredentialsRecord> record(PlatformId platform, Credential c) {
            Row<AuthCredentialsRecord> r = Row.of(AUTH_CREDENTIALS);
            r.set(AUTH_CREDENTIALS.PLATFORM_ID, platform.value());
            r.set(AUTH_CREDENTIALS.ID, c.id());
            r.set(AUTH_CREDENTIALS.ACCOUNT_ID, c.accountId().value());
            r.set(AUTH_CREDENTIALS.TYPE, c.type().name());
            r.set(AUTH_CREDENTIALS.NICKNAME, c.nickname());
            r.set(AUTH_CREDENTIALS.IDENTITY, c.identity());
            r.set(AUTH_CREDENTIALS.AUDIENCE, c.audience());
            r.set(AUTH_CREDENTIALS.PASSKEY_DATA, c.passkeyData());
            r.set(AUTH_CREDENTIALS.SIGN_COUNT, c.signCount());
            r.set(AUTH_CREDENTIALS.CREATED_AT, utc(c.createdAt()));
            r.set(AUTH_CREDENTIALS.UPDATED_AT, utc(c.updatedAt()));
            return r;
        }

        private static Credential toCredential(AuthCredentialsRecord r) {
            return new Credential(r.getId(), new InternalAccountId(r.getAccountId()), AuthMethodType.valueOf(r.getType()),
                    r.getNickname(), r.getIdentity(), r.getAudience(), r.getPasskeyData(), r.getSignCount(),
                    r.getCreatedAt().toInstant(), r.getUpdatedAt().toInstant());
        }
    }

    /** WalletSessions. */
    public static final class SessionStore implements WalletSessions {
        private final Db db;

        public SessionStore(Db db) {
            this.db = db;
        }


        @Override
        public void insert(PlatformId platform, WalletSession s) {
            db.ctx().insertInto(AUTH_SESSIONS)
                    .set(AUTH_SESSIONS.PLATFORM_ID, platform.value())
                    .set(AUTH_SESSIONS.ID, s.id())
                    .set(AUTH_SESSIONS.ACCOUNT_ID, s.accountId().value())
                    .set(AUTH_SESSIONS.CREDENTIAL_ID, s.credentialId())
                    .set(AUTH_SESSIONS.TYPE, s.type().name())
                    .set(AUTH_SESSIONS.NICKNAME, s.nickname())
                    .set(AUTH_SESSIONS.PUBLIC_KEY, s.publicKey())
                    .set(AUTH_SESSIONS.CREATED_AT, utc(s.createdAt()))
                    .set(AUTH_SESSIONS.UPDATED_AT, utc(s.updatedAt()))
                    .set(AUTH_SESSIONS.EXPIRES_AT, utc(s.expiresAt()))
                    .execute();
        }

        @Override
        public Optional<WalletSession> find(PlatformId platform, UUID id) {
            return db.ctx().selectFrom(AUTH_SESSIONS)
                    .where(AUTH_SESSIONS.PLATFORM_ID.eq(platform.value()).and(AUTH_SESSIONS.ID.eq(id)))
                    .fetchOptional().map(SessionStore::toSession);
        }

        @Override
        public List<WalletSession> listActive(PlatformId platform, InternalAccountId account, Instant now) {
            return db.ctx().selectFrom(AUTH_SESSIONS)
                    .where(AUTH_SESSIONS.PLATFORM_ID.eq(platform.value())
                            .and(AUTH_SESSIONS.ACCOUNT_ID.eq(account.value()))
                            .and(AUTH_SESSIONS.REVOKED_AT.isNull())
                            .and(AUTH_SESSIONS.EXPIRES_AT.gt(utc(now))))
                    .orderBy(AUTH_SESSIONS.CREATED_AT.desc())
                    .fetch(SessionStore::toSession);
        }

        @Override
        public boolean revoke(PlatformId platform, UUID id, Instant now) {
            return db.ctx().update(AUTH_SESSIONS)
                    .set(AUTH_SESSIONS.REVOKED_AT, utc(now)).set(AUTH_SESSIONS.UPDATED_AT, utc(now))
                    .where(AUTH_SESSIONS.PLATFORM_ID.eq(platform.value()).and(AUTH_SESSIONS.ID.eq(id))
                            .and(AUTH_SESSIONS.REVOKED_AT.isNull()))
                    .execute() == 1;
        }

        @Override
        public void revokeIssuedBy(PlatformId platform, UUID credentialId, Instant now) {
            db.ctx().update(AUTH_SESSIONS)
                    .set(AUTH_SESSIONS.REVOKED_AT, utc(now)).set(AUTH_SESSIONS.UPDATED_AT, utc(now))
                    .where(AUTH_SESSIONS.PLATFORM_ID.eq(platform.value())
                            .and(AUTH_SESSIONS.CREDENTIAL_ID.eq(credentialId)).and(AUTH_SESSIONS.REVOKED_AT.isNull()))
                    .execute();
        }

        private static WalletSession toSession(AuthSessionsRecord r) {
            return new WalletSession(r.getId(), new InternalAccountId(r.getAccountId()), r.getCredentialId(),
                    AuthMethodType.valueOf(r.getType()), r.getNickname(), r.getPublicKey(), r.getCreatedAt().toInstant(),
                    r.getUpdatedAt().toInstant(), r.getExpiresAt().toInstant(), instant(r.getRevokedAt()));
        }
    }

    /** AuthChallenges. */
    public static final class ChallengeStore implements AuthChallenges {
        private final Db db;

        public ChallengeStore(Db db) {
            this.db = db;
        }


        @Override
        public void insert(PlatformId platform, AuthChallenge c) {
            endOpenChallenges(db, platform, c.credentialId(), c.createdAt()); // a new one supersedes them
            db.ctx().insertInto(AUTH_CHALLENGES)
                    .set(AUTH_CHALLENGES.PLATFORM_ID, platform.value())
                    .set(AUTH_CHALLENGES.ID, c.id())
                    .set(AUTH_CHALLENGES.ACCOUNT_ID, c.accountId().value())
                    .set(AUTH_CHALLENGES.CREDENTIAL_ID, c.credentialId())
                    .set(AUTH_CHALLENGES.TYPE, c.type().name())
                    .set(AUTH_CHALLENGES.CHALLENGE_HEX, c.challengeHex())
                    .set(AUTH_CHALLENGES.CLIENT_PUBLIC_KEY, c.clientPublicKey())
                    .set(AUTH_CHALLENGES.TARGET_PUBLIC_KEY, c.targetPublicKey())
                    .set(AUTH_CHALLENGES.TARGET_PRIVATE, c.targetPrivate())
                    .set(AUTH_CHALLENGES.CODE_SHA256, c.codeSha256())
                    .set(AUTH_CHALLENGES.ATTEMPTS, c.attempts())
                    .set(AUTH_CHALLENGES.CREATED_AT, utc(c.createdAt()))
                    .set(AUTH_CHALLENGES.EXPIRES_AT, utc(c.expiresAt()))
                    .execute();
        }

        @Override
        public Optional<AuthChallenge> latestForUpdate(PlatformId platform, UUID credentialId) {
            return db.ctx().selectFrom(AUTH_CHALLENGES)
                    .where(AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value())
                            .and(AUTH_CHALLENGES.CREDENTIAL_ID.eq(credentialId)))
                    .orderBy(AUTH_CHALLENGES.CREATED_AT.desc()).limit(1).forUpdate()
                    .fetchOptional().map(ChallengeStore::toChallenge);
        }

        @Override
        public Optional<AuthChallenge> findForUpdate(PlatformId platform, UUID id) {
            return db.ctx().selectFrom(AUTH_CHALLENGES)
                    .where(AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value()).and(AUTH_CHALLENGES.ID.eq(id)))
                    .forUpdate().fetchOptional().map(ChallengeStore::toChallenge);
        }

        @Override
        public int countSince(PlatformId platform, UUID credentialId, Instant since) {
            return db.ctx().fetchCount(AUTH_CHALLENGES, AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value())
                    .and(AUTH_CHALLENGES.CREDENTIAL_ID.eq(credentialId)).and(AUTH_CHALLENGES.CREATED_AT.ge(utc(since))));
        }

        @Override
        public void recordAttempt(PlatformId platform, UUID id) {
            db.ctx().update(AUTH_CHALLENGES).set(AUTH_CHALLENGES.ATTEMPTS, AUTH_CHALLENGES.ATTEMPTS.plus(1))
                    .where(AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value()).and(AUTH_CHALLENGES.ID.eq(id)))
                    .execute();
        }

        @Override
        public void consume(PlatformId platform, UUID id, Instant now) {
            db.ctx().update(AUTH_CHALLENGES).set(AUTH_CHALLENGES.CONSUMED_AT, utc(now))
                    .set(AUTH_CHALLENGES.TARGET_PRIVATE, (byte[]) null)
                    .where(AUTH_CHALLENGES.PLATFORM_ID.eq(platform.value()).and(AUTH_CHALLENGES.ID.eq(id)))
                    .execute();
        }

        private static AuthChallenge toChallenge(AuthChallengesRecord r) {
            return new AuthChallenge(r.getId(), new InternalAccountId(r.getAccountId()), r.getCredentialId(),
                    AuthMethodType.valueOf(r.getType()), r.getChallengeHex(), r.getClientPublicKey(),
                    r.getTargetPublicKey(), r.getTargetPrivate(), r.getCodeSha256(), r.getAttempts(),
                    r.getCreatedAt().toInstant(), r.getExpiresAt().toInstant(), instant(r.getConsumedAt()));
        }
    }

    /** SignedRequests. */
    public static final class SignedRequestStore implements SignedRequests {
        private final Db db;

        public SignedRequestStore(Db db) {
            this.db = db;
        }


        @Override
        public void insert(PlatformId platform, SignedRequest s) {
            db.ctx().insertInto(SIGNED_REQUESTS)
                    .set(SIGNED_REQUESTS.PLATFORM_ID, platform.value())
                    .set(SIGNED_REQUESTS.ID, s.id())
                    .set(SIGNED_REQUESTS.ACCOUNT_ID, s.accountId().value())
                    .set(SIGNED_REQUESTS.TYPE, s.type().name())
                    .set(SIGNED_REQUESTS.METHOD, s.method())
                    .set(SIGNED_REQUESTS.PATH, s.path())
                    .set(SIGNED_REQUESTS.BODY_SHA256, s.bodySha256())
                    .set(SIGNED_REQUESTS.PAYLOAD, s.payload())
                    .set(SIGNED_REQUESTS.SIGNER_RULE, s.signerRule().name())
                    .set(SIGNED_REQUESTS.SIGNER_ARGUMENT, s.signerArgument())
                    .set(SIGNED_REQUESTS.CREDENTIAL_SET, s.credentialSet())
                    .set(SIGNED_REQUESTS.CREATED_AT, utc(s.createdAt()))
                    .set(SIGNED_REQUESTS.EXPIRES_AT, utc(s.expiresAt()))
                    .execute();
        }

        @Override
        public Optional<SignedRequest> findForUpdate(PlatformId platform, UUID id) {
            return db.ctx().selectFrom(SIGNED_REQUESTS)
                    .where(SIGNED_REQUESTS.PLATFORM_ID.eq(platform.value()).and(SIGNED_REQUESTS.ID.eq(id)))
                    .forUpdate().fetchOptional().map(SignedRequestStore::toSignedRequest);
        }

        private static SignedRequest toSignedRequest(SignedRequestsRecord r) {
            return new SignedRequest(r.getId(), new InternalAccountId(r.getAccountId()),
                    AuthMethodType.valueOf(r.getType()), r.getMethod(), r.getPath(), r.getBodySha256(), r.getPayload(),
                    SignedRequest.SignerRule.valueOf(r.getSignerRule()), r.getSignerArgument(), r.getCredentialSet(),
                    r.getCreatedAt().toInstant(), r.getExpiresAt().toInstant(), instant(r.getConsumedAt()));
        }

        @Override
        public void consume(PlatformId platform, UUID id, Instant now) {
            db.ctx().update(SIGNED_REQUESTS).set(SIGNED_REQUESTS.CONSUMED_AT, utc(now))
                    .where(SIGNED_REQUESTS.PLATFORM_ID.eq(platform.value()).and(SIGNED_REQUESTS.ID.eq(id))
                            .and(SIGNED_REQUESTS.CONSUMED_AT.isNull()))
                    .execute();
        }
    }

    /** WalletSecrets, sealed under the master key ({@link SecretBox}). */
    public static final class SecretStore implements WalletSecrets {
        private final Db db;
        private final SecretBox box;

        public SecretStore(Db db, SecretBox box) {
            this.db = db;
            this.box = box;
        }

        @Override
        public void store(PlatformId platform, InternalAccountId account, byte[] secret) {
            db.ctx().insertInto(WALLET_SECRETS)
                    .set(WALLET_SECRETS.PLATFORM_ID, platform.value())
                    .set(WALLET_SECRETS.ACCOUNT_ID, account.value())
                    .set(WALLET_SECRETS.SECRET, box.seal(secret, Sealing.walletSecret(platform.value(), account.value())))
                    .set(WALLET_SECRETS.SEALED, true)
                    .execute();
        }

        @Override
        public Optional<byte[]> find(PlatformId platform, InternalAccountId account) {
            return db.ctx().select(WALLET_SECRETS.SECRET, WALLET_SECRETS.SEALED).from(WALLET_SECRETS)
                    .where(WALLET_SECRETS.PLATFORM_ID.eq(platform.value())
                            .and(WALLET_SECRETS.ACCOUNT_ID.eq(account.value())))
                    .fetchOptional(r -> box.read(r.value1(), r.value2(),
                            Sealing.walletSecret(platform.value(), account.value())));
        }
    }
}
