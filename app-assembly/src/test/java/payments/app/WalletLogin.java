package payments.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;

/** What a wallet's frontend does over HTTP: the sandbox EMAIL_OTP login and the signed retry of a 202. */
final class WalletLogin {
    private WalletLogin() {
    }

    /** Logs in to {@code credential} (an EMAIL_OTP one) with the sandbox code; the returned key is now a session. */
    static WalletClient otp(ApiClient api, String credential) {
        var challenge = api.post("/auth/credentials/" + credential + "/challenge", null);
        assertEquals(200, challenge.status(), challenge.raw().body());
        WalletClient client = new WalletClient();
        Map<String, Object> body = Map.of("type", "EMAIL_OTP",
                "encryptedOtpBundle", client.encryptOtp(challenge.string("otpEncryptionTargetBundle"), "000000"));
        var first = api.post("/auth/credentials/" + credential + "/verify", body);
        var session = signedBy(api, client, first).post("/auth/credentials/" + credential + "/verify", body);
        assertEquals(200, session.status(), session.raw().body());
        assertFalse(session.body().containsKey("encryptedSessionSigningKey"));
        return client;
    }

    /** {@code api} repeating the request that answered {@code challenge} (a 202), stamped by {@code signer}. */
    static ApiClient signedBy(ApiClient api, WalletClient signer, ApiClient.Reply challenge) {
        assertEquals(202, challenge.status(), challenge.raw().body());
        return api.withHeader("Request-Id", challenge.string("requestId"))
                .withHeader("Service-Wallet-Signature", signer.stamp(challenge.string("payloadToSign")));
    }
}
