package payments.adapter.persistence.secret;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.Database;
import payments.adapter.persistence.JooqServiceSettings;
import payments.adapter.persistence.embedded.EmbeddedDatabase;
import payments.adapter.persistence.stablecoin.JooqProviderAccounts;
import payments.adapter.persistence.store.JooqWallets;
import payments.core.id.InternalAccountId;
import payments.core.id.PlatformId;
import payments.core.platform.Environment;
import payments.core.stablecoin.ProviderAccount;
import payments.core.stablecoin.ProviderAccountStatus;
import payments.ports.driven.stablecoin.StablecoinProvider;

/** The sealed columns as a whole, on a database of their own: the start's check and sealing, and a rotation. */
class SealingTest {
    @Test
    void rows_written_unsealed_are_sealed_at_start_a_wrong_key_is_refused_and_a_rotation_reseals_everything()
            throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database database = Database.connect(pg.jdbcUrl(), pg.user(), pg.password(), 2);
             Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password())) {
            UUID platform = UUID.randomUUID();
            UUID account = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now()); insert into wallet_secrets (platform_id, account_id, secret) values ('"
                    + platform + "', '" + account + "', 'plain secret'::bytea); insert into service_settings "
                    + "(name, value, created_at) values ('wallet-bundle-key', 'ab12', now())");
            SecretBox first = SecretBox.of(SecretBox.newMasterKey());

            Sealing.prepare(database.db(), first);

            assertEquals(0, count(c, "select count(*) from wallet_secrets where not sealed or secret = "
                    + "'plain secret'::bytea"), "sealed at the first start with a master key");
            assertEquals(0, count(c, "select count(*) from service_settings where not sealed or value = 'ab12'"));
            var secrets = new JooqWallets.SecretStore(database.db(), first);
            assertArrayEquals("plain secret".getBytes(), secrets.find(new PlatformId(platform),
                    new InternalAccountId(account)).orElseThrow());
            assertEquals("ab12", new JooqServiceSettings(database.db(), first).getOrCreate("wallet-bundle-key",
                    () -> "unused"));

            SecretBox stranger = SecretBox.of(SecretBox.newMasterKey());
            assertThrows(Sealing.WrongMasterKey.class, () -> Sealing.prepare(database.db(), stranger));

            SecretBox second = SecretBox.of(SecretBox.newMasterKey());
            assertTrue(Sealing.reseal(database.db(), first, second) >= 3);

            assertThrows(Sealing.WrongMasterKey.class, () -> Sealing.prepare(database.db(), first));
            Sealing.prepare(database.db(), second);
            assertArrayEquals("plain secret".getBytes(), new JooqWallets.SecretStore(database.db(), second)
                    .find(new PlatformId(platform), new InternalAccountId(account)).orElseThrow());
            assertEquals("ab12", new JooqServiceSettings(database.db(), second).getOrCreate("wallet-bundle-key",
                    () -> "unused"));
        }
    }

    @Test
    void a_rotation_reseals_the_stablecoin_providers_secrets_each_for_its_own_row() throws Exception {
        try (EmbeddedDatabase pg = EmbeddedDatabase.startTemporary(false);
             Database database = Database.connect(pg.jdbcUrl(), pg.user(), pg.password(), 2);
             Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password())) {
            UUID platform = UUID.randomUUID();
            c.createStatement().execute("insert into platforms values ('" + platform + "', 'p', 'SANDBOX', '{}', "
                    + "now(), now())");
            SecretBox first = SecretBox.of(SecretBox.newMasterKey());
            Sealing.prepare(database.db(), first);
            var link = new ProviderAccount(UUID.randomUUID(), new PlatformId(platform), "acct_1",
                    Environment.SANDBOX, ProviderAccountStatus.ACTIVE, Instant.now(), Instant.now(), Instant.now());
            database.db().inTransaction(() -> new JooqProviderAccounts(database.db(), first).insert(link,
                    new StablecoinProvider.Credentials("app", "the provider secret")));
            assertEquals(0, count(c, "select count(*) from stablecoin_provider_accounts where position("
                    + "'the provider secret'::bytea in api_client_secret) > 0"));

            SecretBox second = SecretBox.of(SecretBox.newMasterKey());
            assertTrue(Sealing.reseal(database.db(), first, second) >= 2);

            assertEquals("the provider secret", database.db().inTransaction(() -> new JooqProviderAccounts(
                    database.db(), second).credentials(link.platformId(), link.id())).apiClientSecret());
            assertThrows(IllegalStateException.class, () -> database.db().inTransaction(() ->
                    new JooqProviderAccounts(database.db(), first).credentials(link.platformId(), link.id())));
            // Bound to its row: the sealed value copied onto another link does not open there.
            UUID copy = UUID.randomUUID();
            c.createStatement().execute("insert into stablecoin_provider_accounts select platform_id, '" + copy
                    + "', provider, 'acct_2', environment, status, api_client_id, api_client_secret, "
                    + "last_verified_at, created_at, updated_at from stablecoin_provider_accounts");
            assertThrows(IllegalStateException.class, () -> database.db().inTransaction(() ->
                    new JooqProviderAccounts(database.db(), second).credentials(link.platformId(), copy)));
        }
    }

    @Test
    void a_master_key_is_64_hex_digits() {
        assertEquals(64, SecretBox.newMasterKey().length());
        assertThrows(IllegalArgumentException.class, () -> SecretBox.of("abc"));
        assertThrows(IllegalArgumentException.class, () -> SecretBox.of("zz".repeat(32)));
        assertThrows(IllegalStateException.class, () -> SecretBox.of(SecretBox.newMasterKey()).open(new byte[40],
                "x"));
    }

    private static long count(Connection c, String sql) throws Exception {
        try (var rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
