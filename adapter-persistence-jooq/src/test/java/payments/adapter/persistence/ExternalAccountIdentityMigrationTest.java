package payments.adapter.persistence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import payments.adapter.persistence.embedded.EmbeddedDatabase;

/** V13 rewrites the identities of external accounts written before it as the code now computes them. */
class ExternalAccountIdentityMigrationTest {
    @Test
    void accounts_written_before_v13_get_their_whole_identifier_and_an_account_number_its_bank() throws SQLException {
        try (EmbeddedDatabase db = EmbeddedDatabase.startTemporary(false);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password())) {
            Database.migrations(Flyway.configure().dataSource(db.jdbcUrl(), db.user(), db.password()))
                    .target("12").load().migrate();
            UUID platform = UUID.randomUUID();
            execute(c, "insert into platforms values (?, 'p', 'SANDBOX', '{}', now(), now())", platform);
            Map<String, String> expected = new LinkedHashMap<>();
            insert(c, platform, "USD_ACCOUNT", "123456789",
                    "{\"accountNumber\":\"123456789\",\"routingNumber\":\"021000021\"}");
            expected.put("USD_ACCOUNT", "021000021/123456789");
            insert(c, platform, "LIGHTNING", "ana.105", "{\"lightningAddress\":\"ana.105@x.com\"}");
            expected.put("LIGHTNING", "ana.105@x.com");
            insert(c, platform, "EUR_ACCOUNT", "DE89370400440532013000",
                    "{\"iban\":\"DE89370400440532013000\",\"swiftCode\":\"COBADEFFXXX\"}");
            expected.put("EUR_ACCOUNT", "DE89370400440532013000");
            insert(c, platform, "SOLANA_WALLET", "So1ana", "{\"address\":\"So1ana\"}");
            expected.put("SOLANA_WALLET", "So1ana");

            Database.migrations(Flyway.configure().dataSource(db.jdbcUrl(), db.user(), db.password()))
                    .load().migrate();

            Map<String, String> after = new LinkedHashMap<>();
            try (PreparedStatement s = c.prepareStatement("select account_type, primary_identifier from "
                    + "external_accounts where platform_id = ? order by created_at")) {
                s.setObject(1, platform);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        after.put(rs.getString(1), rs.getString(2));
                    }
                }
            }
            assertEquals(expected, after);
        }
    }

    /** A row as written before V13, with {@code identifier} as the code then computed it. */
    private static void insert(Connection c, UUID platform, String type, String identifier, String info)
            throws SQLException {
        execute(c, "insert into external_accounts (platform_id, id, currency, status, default_uma_deposit_account,"
                + " account_type, primary_identifier, account_info, created_at, updated_at) values (?, ?, 'USD',"
                + " 'ACTIVE', false, '" + type + "', '" + identifier + "', '" + info + "'::json, clock_timestamp(),"
                + " now())", platform, UUID.randomUUID());
    }

    private static void execute(Connection c, String sql, Object... values) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                s.setObject(i + 1, values[i]);
            }
            s.executeUpdate();
        }
    }
}
