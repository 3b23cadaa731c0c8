package payments.ports.driven.crypto;

import payments.core.crypto.CryptoNetwork;
import payments.core.platform.Environment;

/** What a crypto network charges now to carry a withdrawal, in its native asset ({@link CryptoNetwork#nativeAsset}). */
public interface NetworkFees {
    /** The fee, in the smallest unit of the network's native asset, of sending {@code currency} over it. */
    long fee(Environment environment, CryptoNetwork network, String currency);
}
