-- JSON values are stored as the text they were written as (json) instead of being parsed into jsonb's binary form
-- on every write and printed back to text on every read: nothing queries inside them, and jsonb's conversions
-- cost PostgreSQL about 4.5 µs per kilobyte written and 3.5 µs per kilobyte read, several times per payment
-- (docs/PERFORMANCE.md, session 14). The text is Jackson's compact output, so it takes no more room.
alter table platforms alter column config type json;
alter table customers alter column details type json;
alter table external_accounts alter column account_info type json;
alter table transactions alter column details type json;
alter table jobs alter column payload type json;
alter table webhook_events alter column data type json;
alter table lookups alter column supported_currencies type json;
alter table lookups alter column required_payer_fields type json;
alter table quotes alter column source type json;
alter table quotes alter column destination type json;
alter table quotes alter column details type json;
