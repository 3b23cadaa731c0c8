package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import payments.ports.driven.wallet.WalletCrypto.InvalidKey;
import payments.ports.driven.wallet.WalletCrypto.SealedSessionKey;

/** encryptedSessionSigningKey, opened the way {@code @turnkey/crypto.decryptCredentialBundle} opens it. */
class SealedSessionKeyTest {
    private static final HexFormat HEX = HexFormat.of();

    private final BouncyCastleWalletCrypto crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());
    private final KeyPair client;
    private final byte[] clientPublic;

    SealedSessionKeyTest() throws Exception {
        client = JdkClient.newKeyPair();
        clientPublic = JdkClient.uncompressed((ECPublicKey) client.getPublic());
    }

    /** The client's half: base58check-decode, decompress enc, HPKE-open with its own private key. */
    private byte[] clientDecrypts(String bundle) throws Exception {
        byte[] payload = Base58Check.decode(bundle);
        assertEquals(81, payload.length, "33-byte compressed enc + 32-byte scalar + 16-byte tag");
        byte[] enc = JdkClient.decompress(Arrays.copyOf(payload, 33));
        return JdkClient.hpkeOpen(enc, Arrays.copyOfRange(payload, 33, 81), (ECPrivateKey) client.getPrivate(),
                clientPublic);
    }

    @Test
    void the_client_decrypts_a_scalar_whose_public_key_is_the_session_key() throws Exception {
        SealedSessionKey sealed = crypto.newSealedSessionKey(HEX.formatHex(JdkClient.compress(clientPublic)));

        byte[] scalar = clientDecrypts(sealed.encryptedSessionSigningKey());

        assertEquals(32, scalar.length);
        assertTrue(sealed.publicKey().matches("0[23][0-9a-f]{64}"));
        // The scalar signs, and the returned public key verifies: they are one key pair.
        byte[] message = "payloadToSign".getBytes(UTF_8);
        byte[] signature = JdkClient.sign(JdkClient.privateKey(scalar), message);
        assertTrue(JdkClient.verify(JdkClient.decompress(HEX.parseHex(sealed.publicKey())), message, signature));
    }

    @Test
    void an_uncompressed_client_key_is_sealed_to_as_well() throws Exception {
        SealedSessionKey sealed = crypto.newSealedSessionKey(HEX.formatHex(clientPublic));

        assertEquals(32, clientDecrypts(sealed.encryptedSessionSigningKey()).length);
    }

    @Test
    void every_session_key_is_fresh() throws Exception {
        String key = HEX.formatHex(JdkClient.compress(clientPublic));
        SealedSessionKey a = crypto.newSealedSessionKey(key);
        SealedSessionKey b = crypto.newSealedSessionKey(key);

        assertNotEquals(a.publicKey(), b.publicKey());
        assertNotEquals(a.encryptedSessionSigningKey(), b.encryptedSessionSigningKey());
        assertFalse(Arrays.equals(clientDecrypts(a.encryptedSessionSigningKey()),
                clientDecrypts(b.encryptedSessionSigningKey())));
    }

    @Test
    void an_invalid_client_key_is_refused() {
        assertThrows(InvalidKey.class, () -> crypto.newSealedSessionKey("02" + "ff".repeat(32)));
        assertThrows(InvalidKey.class, () -> crypto.newSealedSessionKey("not hex"));
        assertThrows(InvalidKey.class, () -> crypto.newSealedSessionKey(null));
    }
}
