package payments.ports.account;

import payments.core.account.AccountSchemas;

/** Sandbox: money for an internal account from the sandbox's funding source, {@code amount} minor units. */
public record SandboxFunding(long amount) {
    /** From the JSON body of {@code POST /sandbox/internal-accounts/{id}/fund}; 400 naming every invalid field. */
    public static SandboxFunding fromJson(Object body) {
        return new SandboxFunding(AccountSchemas.SANDBOX_FUNDING.validate(body).number("amount").orElseThrow());
    }
}
