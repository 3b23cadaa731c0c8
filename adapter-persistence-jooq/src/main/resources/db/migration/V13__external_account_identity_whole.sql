-- An external account's identity (the unique index external_accounts_active_identity) is its identifier whole, an
-- account number after its bank's code (AccountInfoSchemas.primaryIdentifier, session 38). Until then an
-- email-style identifier kept only its user part and an account number dropped its bank, so two PIX keys or
-- lightning addresses with one user name, or one number at two banks, collided. Rows written before are rewritten
-- the same way; no two can collide after it, since the new value only tells more apart.
-- jOOQ's code generator reads these files with H2, which knows no ->> on json: it skips the statement.
/* [jooq ignore start] */
update external_accounts set primary_identifier = case
    when account_info ->> 'accountNumber' is not null then
        coalesce(coalesce(account_info ->> 'routingNumber', account_info ->> 'sortCode', account_info ->> 'bankCode',
                          account_info ->> 'branchCode', account_info ->> 'ifsc', account_info ->> 'swiftCode') || '/', '')
            || (account_info ->> 'accountNumber')
    else coalesce(account_info ->> 'iban', account_info ->> 'clabeNumber', account_info ->> 'pixKey',
                  account_info ->> 'vpa', account_info ->> 'phoneNumber', account_info ->> 'address',
                  account_info ->> 'lightningAddress', account_info ->> 'invoice', account_info ->> 'bolt12')
    end
where primary_identifier is not null;
/* [jooq ignore stop] */
