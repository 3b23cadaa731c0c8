package payments.core.fx;

/**
 * What withdrawing an amount to a crypto address costs: the network's fee in its native asset
 * ({@code networkFeeAsset}, e.g. ETH in wei), and in the withdrawal's currency (minor units) the service's fee
 * ({@code applicationFee}), all fees together ({@code totalFee}: the service's plus the network's, converted) and
 * what arrives ({@code netAmount} = amount − totalFee).
 */
public record WithdrawalFee(long networkFee, String networkFeeAsset, long applicationFee, long totalFee,
                            long netAmount) {
}
