-- Secret material is sealed by the service (AES-256-GCM under the master key, SecretBox) before it is written; a
-- row written before this migration says sealed = false and is sealed at the service's next start (Sealing).
alter table webhook_keys add column sealed boolean not null default false;
alter table wallet_secrets add column sealed boolean not null default false;
alter table service_settings add column sealed boolean not null default false;
