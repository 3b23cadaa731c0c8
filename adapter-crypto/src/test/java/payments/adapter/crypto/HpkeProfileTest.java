package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.junit.jupiter.api.Test;

/** Design section 4: the profile's constants, and interop with an independent (JDK-only) RFC 9180 client. */
class HpkeProfileTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final byte[] PLAINTEXT = "{\"otp_code\":\"000000\"}".getBytes(UTF_8);

    @Test
    void psk_id_hash_and_info_hash_match_the_design_constants() throws Exception {
        byte[] empty = new byte[0];
        assertEquals("8fc3aeb832490a4b5ab3e42023287db29a1f4bc7c222c0df228727b70a402112", JdkClient.HEX.formatHex(
                JdkClient.labeledExtract(empty, JdkClient.HPKE_SUITE, "psk_id_hash", empty)));
        assertEquals("2f3f04e9206cd12413503529b47ac6a630b92ec4cf7d234508d0af9771c99e50", JdkClient.HEX.formatHex(
                JdkClient.labeledExtract(empty, JdkClient.HPKE_SUITE, "info_hash", Hpke.INFO)));
        assertEquals("00" + "8fc3aeb832490a4b5ab3e42023287db29a1f4bc7c222c0df228727b70a402112"
                        + "2f3f04e9206cd12413503529b47ac6a630b92ec4cf7d234508d0af9771c99e50",
                JdkClient.HEX.formatHex(JdkClient.keyScheduleContext(Hpke.INFO)));
    }

    @Test
    void info_is_the_twelve_ascii_bytes_turnkey_hpke() {
        assertArrayEquals("turnkey_hpke".getBytes(UTF_8), Hpke.INFO);
        assertEquals(12, Hpke.INFO.length);
    }

    @Test
    void what_we_seal_opens_with_an_independent_client_and_enc_is_uncompressed() throws Exception {
        KeyPair client = JdkClient.newKeyPair();
        byte[] pkR = JdkClient.uncompressed((ECPublicKey) client.getPublic());

        Hpke.Sealed sealed = Hpke.seal(P256.point(pkR), PLAINTEXT);

        assertEquals(65, sealed.enc().length);
        assertEquals(4, sealed.enc()[0]);
        assertEquals(PLAINTEXT.length + 16, sealed.ciphertext().length);
        assertArrayEquals(PLAINTEXT,
                JdkClient.hpkeOpen(sealed.enc(), sealed.ciphertext(), (ECPrivateKey) client.getPrivate(), pkR));
    }

    @Test
    void what_an_independent_client_seals_we_open_with_enc_compressed_or_not() throws Exception {
        BigInteger skR = P256.newScalar(RANDOM);
        byte[] pkR = P256.uncompressed(P256.publicOf(skR));

        byte[] wire = JdkClient.hpkeSeal(pkR, PLAINTEXT);
        byte[] enc = Arrays.copyOf(wire, 65);
        byte[] ct = Arrays.copyOfRange(wire, 65, wire.length);

        assertArrayEquals(PLAINTEXT, Hpke.open(enc, ct, skR));
        assertArrayEquals(PLAINTEXT, Hpke.open(JdkClient.compress(enc), ct, skR));
    }

    @Test
    void a_message_sealed_with_an_empty_aad_does_not_open() throws Exception {
        BigInteger skR = P256.newScalar(RANDOM);
        byte[] pkR = P256.uncompressed(P256.publicOf(skR));

        byte[] wire = JdkClient.hpkeSeal(pkR, PLAINTEXT, Hpke.INFO, (enc, pk) -> new byte[0]);

        assertThrows(InvalidCipherTextException.class,
                () -> Hpke.open(Arrays.copyOf(wire, 65), Arrays.copyOfRange(wire, 65, wire.length), skR));
    }

    @Test
    void a_message_sealed_with_an_empty_info_does_not_open() throws Exception {
        BigInteger skR = P256.newScalar(RANDOM);
        byte[] pkR = P256.uncompressed(P256.publicOf(skR));

        byte[] wire = JdkClient.hpkeSeal(pkR, PLAINTEXT, new byte[0], JdkClient.TURNKEY_AAD);

        assertThrows(InvalidCipherTextException.class,
                () -> Hpke.open(Arrays.copyOf(wire, 65), Arrays.copyOfRange(wire, 65, wire.length), skR));
    }

    @Test
    void a_message_sealed_with_the_compressed_recipient_key_in_the_aad_does_not_open() throws Exception {
        BigInteger skR = P256.newScalar(RANDOM);
        byte[] pkR = P256.uncompressed(P256.publicOf(skR));

        byte[] wire = JdkClient.hpkeSeal(pkR, PLAINTEXT, Hpke.INFO,
                (enc, pk) -> JdkClient.concat(enc, JdkClient.compress(pk)));

        assertThrows(InvalidCipherTextException.class,
                () -> Hpke.open(Arrays.copyOf(wire, 65), Arrays.copyOfRange(wire, 65, wire.length), skR));
    }

    @Test
    void a_tampered_ciphertext_does_not_open() throws Exception {
        BigInteger skR = P256.newScalar(RANDOM);
        Hpke.Sealed sealed = Hpke.seal(P256.publicOf(skR), PLAINTEXT);
        byte[] ct = sealed.ciphertext().clone();
        ct[0] ^= 1;

        assertThrows(InvalidCipherTextException.class, () -> Hpke.open(sealed.enc(), ct, skR));
    }
}
