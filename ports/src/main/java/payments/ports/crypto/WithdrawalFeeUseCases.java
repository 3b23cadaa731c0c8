package payments.ports.crypto;

import payments.core.fx.WithdrawalFee;
import payments.core.platform.Caller;

/** What a crypto withdrawal from an internal account would cost, before it is made (VIEW: nothing moves). */
public interface WithdrawalFeeUseCases {
    /**
     * 400 for a destination its network cannot take, a currency other than the account's, or an amount the fees
     * consume; 404 for an internal account the caller's platform does not have.
     */
    WithdrawalFee estimate(Caller caller, CryptoWithdrawal withdrawal);
}
