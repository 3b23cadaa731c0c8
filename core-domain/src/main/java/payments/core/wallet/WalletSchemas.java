package payments.core.wallet;

import static payments.core.validation.Types.oneOf;
import static payments.core.validation.Types.pattern;
import static payments.core.validation.Types.string;

import payments.core.validation.ObjectSchema;
import payments.core.validation.Types;

/** Request shapes of wallet authentication and wallet actions (reference/wallet-auth.md). */
public final class WalletSchemas {
    /** A P-256 public key in hex: compressed (66) or uncompressed (130). */
    public static final String PUBLIC_KEY_PATTERN = "^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$";

    public static final ObjectSchema CREATE_CREDENTIAL = ObjectSchema.of()
            .required("type", oneOf(AuthMethodType.class))
            .required("accountId", string(1, 100))
            .optional("oidcToken", string(1, 8192))
            .optional("nickname", string(1, 100))
            .optional("challenge", string(1, 1024))
            .optional("attestation", ObjectSchema.of()
                    .required("credentialId", string(1, 1024))
                    .required("clientDataJson", string(1, 8192))
                    .required("attestationObject", string(1, 16384))
                    .optional("transports", Types.arrayOf(oneOf("usb", "nfc", "ble", "internal", "hybrid"), 0, 5)));

    public static final ObjectSchema CHALLENGE = ObjectSchema.of()
            .optional("clientPublicKey", pattern(PUBLIC_KEY_PATTERN, 66, 130));

    public static final ObjectSchema VERIFY = ObjectSchema.of()
            .required("type", oneOf(AuthMethodType.class))
            .optional("encryptedOtpBundle", string(1, 8192))
            .optional("oidcToken", string(1, 8192))
            .optional("clientPublicKey", pattern(PUBLIC_KEY_PATTERN, 66, 130))
            .optional("assertion", ObjectSchema.of()
                    .required("credentialId", string(1, 1024))
                    .required("clientDataJson", string(1, 8192))
                    .required("authenticatorData", string(1, 8192))
                    .required("signature", string(1, 1024))
                    .optional("userHandle", string(1, 1024)));

    /** A session's refresh and a wallet's export: the client key to seal to. */
    public static final ObjectSchema CLIENT_KEY = ObjectSchema.of()
            .required("clientPublicKey", pattern(PUBLIC_KEY_PATTERN, 66, 130));

    public static final ObjectSchema WALLET_UPDATE = ObjectSchema.of().required("privateEnabled", Types.bool());

    private WalletSchemas() {
    }
}
