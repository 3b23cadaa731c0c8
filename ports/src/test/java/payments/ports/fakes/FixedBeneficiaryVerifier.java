package payments.ports.fakes;

import java.util.ArrayList;
import java.util.List;
import payments.core.account.BeneficiaryVerificationStatus;
import payments.core.platform.Environment;
import payments.ports.driven.account.BeneficiaryVerifier;

/** Answers every check with one settable result and remembers what it was asked. */
public final class FixedBeneficiaryVerifier implements BeneficiaryVerifier {
    public record Call(Environment environment, String accountType, String primaryIdentifier,
                       String beneficiaryName) {
    }

    private Result result;
    private final List<Call> calls = new ArrayList<>();

    public FixedBeneficiaryVerifier() {
        this(new Result(BeneficiaryVerificationStatus.MATCHED, null));
    }

    public FixedBeneficiaryVerifier(Result result) {
        this.result = result;
    }

    public void answer(Result next) {
        this.result = next;
    }

    @Override
    public Result verify(Environment environment, String accountType, String primaryIdentifier,
                         String beneficiaryName) {
        calls.add(new Call(environment, accountType, primaryIdentifier, beneficiaryName));
        return result;
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }
}
