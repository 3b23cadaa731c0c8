-- The rows each start seals (Sealing.prepare) are found through these, not by reading every wallet's secret: once
-- all are sealed, the indexes are empty.
/* [jooq ignore start] */ -- (jOOQ's parser knows no CONCURRENTLY; its types need no index)
create index concurrently if not exists wallet_secrets_unsealed on wallet_secrets (platform_id) where not sealed;
create index concurrently if not exists webhook_keys_unsealed on webhook_keys (platform_id) where not sealed;
/* [jooq ignore stop] */
