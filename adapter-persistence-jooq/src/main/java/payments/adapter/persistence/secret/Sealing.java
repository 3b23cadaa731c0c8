package payments.adapter.persistence.secret;

import static payments.adapter.persistence.schema.Tables.CARDS;
import static payments.adapter.persistence.schema.Tables.DELEGATED_KEYS;
import static payments.adapter.persistence.schema.Tables.SERVICE_SETTINGS;
import static payments.adapter.persistence.schema.Tables.STABLECOIN_PROVIDER_ACCOUNTS;
import static payments.adapter.persistence.schema.Tables.WALLET_SECRETS;
import static payments.adapter.persistence.schema.Tables.WEBHOOK_KEYS;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.UUID;
import org.jooq.impl.DSL;
import payments.adapter.persistence.Db;

/**
 * The sealed columns as a whole: at start, the master key is checked against the database and rows written before
 * sealing are sealed ({@link #prepare}); an operator's rotation re-seals every secret under a new key in one
 * transaction ({@link #reseal}). Where each secret lives, and the row it is bound to, is named here once
 * ({@link #webhookKey}, {@link #walletSecret}, {@link #setting}, {@link #providerAccountSecret}).
 */
public final class Sealing {
    static final String CHECK = "master-key-check";
    private static final String CHECK_VALUE = "the payments service's master key";

    private Sealing() {
    }

    public static String webhookKey(UUID platform, int generation) {
        return "webhook_keys/" + platform + "/" + generation;
    }

    public static String walletSecret(UUID platform, UUID account) {
        return "wallet_secrets/" + platform + "/" + account;
    }

    public static String cardNumbers(UUID platform, UUID card) {
        return "cards/" + platform + "/" + card;
    }

    public static String delegatedKey(UUID platform, UUID key) {
        return "delegated_keys/" + platform + "/" + key;
    }

    /** A stablecoin provider link's API client secret (always written sealed). */
    public static String providerAccountSecret(UUID platform, UUID link) {
        return "stablecoin_provider_accounts/" + platform + "/" + link;
    }

    public static String setting(String name) {
        return "service_settings/" + name;
    }

    /** A service setting's text as stored: sealed, in base64. */
    public static String sealSetting(SecretBox box, String name, String value) {
        return Base64.getEncoder().encodeToString(box.seal(value.getBytes(StandardCharsets.UTF_8), setting(name)));
    }

    /** A service setting's text from what its row holds (sealed, or as written before sealing existed). */
    public static String readSetting(SecretBox box, String name, String stored, boolean sealed) {
        return sealed ? new String(box.open(Base64.getDecoder().decode(stored), setting(name)), StandardCharsets.UTF_8)
                : stored;
    }

    /**
     * Refuses a master key other than the one this database's secrets are sealed with (the first start records a
     * value sealed by its key), then seals what was written unsealed.
     */
    public static void prepare(Db db, SecretBox box) {
        db.inTransaction(() -> {
            db.ctx().insertInto(SERVICE_SETTINGS)
                    .set(SERVICE_SETTINGS.NAME, CHECK)
                    .set(SERVICE_SETTINGS.VALUE, sealSetting(box, CHECK, CHECK_VALUE))
                    .set(SERVICE_SETTINGS.SEALED, true)
                    .set(SERVICE_SETTINGS.CREATED_AT, OffsetDateTime.now(ZoneOffset.UTC))
                    .onConflictDoNothing().execute();
            String stored = db.ctx().select(SERVICE_SETTINGS.VALUE).from(SERVICE_SETTINGS)
                    .where(SERVICE_SETTINGS.NAME.eq(CHECK)).fetchOne(SERVICE_SETTINGS.VALUE);
            try {
                if (!CHECK_VALUE.equals(readSetting(box, CHECK, stored, true))) {
                    throw new IllegalStateException("the check value differs");
                }
            } catch (IllegalStateException e) {
                throw new WrongMasterKey();
            }
            sealEach(db, box, box, true);
        });
    }

    /** Every secret opened with {@code from} and sealed again with {@code to}, in one transaction. */
    public static int reseal(Db db, SecretBox from, SecretBox to) {
        return db.inTransaction(() -> {
            prepare(db, from);
            return sealEach(db, from, to, false);
        });
    }

    /**
     * Each secret (only those written unsealed, when {@code onlyUnsealed}) read as its row holds it, with
     * {@code from} when sealed, and written sealed by {@code to}; how many were written.
     */
    private static int sealEach(Db db, SecretBox from, SecretBox to, boolean onlyUnsealed) {
        int count = 0;
        for (var r : db.ctx().selectFrom(WEBHOOK_KEYS)
                .where(onlyUnsealed ? WEBHOOK_KEYS.SEALED.isFalse() : DSL.noCondition()).forUpdate().fetch()) {
            String place = webhookKey(r.getPlatformId(), r.getGeneration());
            r.setPrivateKey(to.seal(from.read(r.getPrivateKey(), r.getSealed(), place), place));
            r.setSealed(true);
            count += r.update();
        }
        for (var r : db.ctx().selectFrom(WALLET_SECRETS)
                .where(onlyUnsealed ? WALLET_SECRETS.SEALED.isFalse() : DSL.noCondition()).forUpdate().fetch()) {
            String place = walletSecret(r.getPlatformId(), r.getAccountId());
            r.setSecret(to.seal(from.read(r.getSecret(), r.getSealed(), place), place));
            r.setSealed(true);
            count += r.update();
        }
        if (!onlyUnsealed) { // written sealed from the first: a rotation is all that touches them
            for (var r : db.ctx().selectFrom(CARDS).where(CARDS.SEALED_NUMBERS.isNotNull()).forUpdate().fetch()) {
                String place = cardNumbers(r.getPlatformId(), r.getId());
                r.setSealedNumbers(to.seal(from.open(r.getSealedNumbers(), place), place));
                count += r.update();
            }
            for (var r : db.ctx().selectFrom(DELEGATED_KEYS).forUpdate().fetch()) {
                String place = delegatedKey(r.getPlatformId(), r.getId());
                r.setSealedPrivateKey(to.seal(from.open(r.getSealedPrivateKey(), place), place));
                count += r.update();
            }
            for (var r : db.ctx().selectFrom(STABLECOIN_PROVIDER_ACCOUNTS).forUpdate().fetch()) {
                String place = providerAccountSecret(r.getPlatformId(), r.getId());
                r.setApiClientSecret(to.seal(from.open(r.getApiClientSecret(), place), place));
                count += r.update();
            }
        }
        for (var r : db.ctx().selectFrom(SERVICE_SETTINGS)
                .where(onlyUnsealed ? SERVICE_SETTINGS.SEALED.isFalse() : DSL.noCondition()).forUpdate().fetch()) {
            r.setValue(sealSetting(to, r.getName(), readSetting(from, r.getName(), r.getValue(), r.getSealed())));
            r.setSealed(true);
            count += r.update();
        }
        return count;
    }

    /** The master key is not the one the database's secrets were sealed with. */
    public static final class WrongMasterKey extends IllegalStateException {
        WrongMasterKey() {
            super("the master key (PAYMENTS_MASTER_KEY, or the data directory's master.key) is not the one this "
                    + "database's secrets are sealed with");
        }
    }
}
