package payments.adapter.crypto;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.SecureRandom;
import java.security.interfaces.ECPublicKey;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import payments.ports.driven.wallet.WalletCrypto.InvalidKey;
import payments.ports.driven.wallet.WalletCrypto.TargetKey;

class PublicKeysAndHashesTest {
    private static final HexFormat HEX = HexFormat.of();
    private final BouncyCastleWalletCrypto crypto = BouncyCastleWalletCrypto.generate(new SecureRandom());

    @Test
    void the_oidc_nonce_is_the_sha256_of_the_client_public_key_hex_string() {
        assertEquals("1663bba492a323085b13895634a3618792c4ec6896f3c34ef3c26396df22ef82", crypto.sha256Hex(
                "0394e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e281a".getBytes(UTF_8)));
    }

    @Test
    void an_empty_body_hashes_to_the_well_known_value() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                crypto.sha256Hex(new byte[0]));
    }

    @Test
    void both_forms_in_any_case_canonicalise_to_the_same_compressed_key() throws Exception {
        byte[] u = JdkClient.uncompressed((ECPublicKey) JdkClient.newKeyPair().getPublic());
        String compressed = HEX.formatHex(JdkClient.compress(u));

        assertEquals(compressed, crypto.canonicalPublicKey(compressed));
        assertEquals(compressed, crypto.canonicalPublicKey(compressed.toUpperCase()));
        assertEquals(compressed, crypto.canonicalPublicKey(HEX.formatHex(u)));
        assertEquals(compressed, crypto.canonicalPublicKey(HEX.formatHex(u).toUpperCase()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "",
        "00",
        "04",
        "02ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",   // x >= p
        "020000000000000000000000000000000000000000000000000000000000000001",   // x = 1: no such point
        "050394e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e28",   // bad prefix
        "0394e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e281",    // 65 hex
        "0x0394e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e281a", // 0x prefix
        " 0394e549c71fa99dd5cf752fba623090be314949b74e4cdf7ca72031dd638e281a",  // whitespace
    })
    void malformed_or_off_curve_keys_are_invalid(String hex) {
        assertThrows(InvalidKey.class, () -> crypto.canonicalPublicKey(hex));
    }

    @Test
    void an_uncompressed_point_off_the_curve_is_invalid() throws Exception {
        byte[] u = JdkClient.uncompressed((ECPublicKey) JdkClient.newKeyPair().getPublic());
        u[64] ^= 1;
        assertThrows(InvalidKey.class, () -> crypto.canonicalPublicKey(HEX.formatHex(u)));
        assertThrows(InvalidKey.class, () -> crypto.canonicalPublicKey(null));
    }

    @Test
    void a_target_keys_public_half_belongs_to_its_scalar_and_each_is_fresh() {
        TargetKey a = crypto.newTargetKey();
        TargetKey b = crypto.newTargetKey();

        assertEquals(a.publicKeyUncompressed(), P256.uncompressedHex(P256.publicOf(P256.scalar(a.privateScalar()))));
        assertNotEquals(a.publicKeyUncompressed(), b.publicKeyUncompressed());
    }

    @Test
    void the_bundle_signing_key_derived_from_a_seed_is_stable_and_seed_specific() {
        byte[] seed = new byte[32];
        seed[31] = 1;
        byte[] other = new byte[32];
        other[31] = 2;

        String key = BouncyCastleWalletCrypto.fromSeed(seed).bundleSigningPublicKey();

        assertEquals(key, BouncyCastleWalletCrypto.fromSeed(seed.clone()).bundleSigningPublicKey());
        assertNotEquals(key, BouncyCastleWalletCrypto.fromSeed(other).bundleSigningPublicKey());
        assertEquals(130, key.length());
        assertThrows(IllegalArgumentException.class, () -> BouncyCastleWalletCrypto.fromSeed(new byte[16]));
    }

    @Test
    void a_bundle_signing_scalar_of_zero_or_the_wrong_length_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> new BouncyCastleWalletCrypto(new byte[32], new SecureRandom()));
        assertThrows(IllegalArgumentException.class, () -> new BouncyCastleWalletCrypto(new byte[31], new SecureRandom()));
    }
}
