package payments.ports.fakes;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import payments.ports.driven.webhook.WebhookSigner;

/** Numbered keys; a "signature" names the key and the body's hash, so tests can tell which key signed what. */
public final class FakeWebhookSigner implements WebhookSigner {
    private int made;

    @Override
    public NewKey newKey() {
        made++;
        return new NewKey("PEM " + made, ByteBuffer.allocate(4).putInt(made).array());
    }

    @Override
    public String sign(byte[] privateKey, byte[] body) {
        return "key" + ByteBuffer.wrap(privateKey).getInt() + ":" + Arrays.hashCode(body);
    }

    @Override
    public String standardSecret(byte[] privateKey) {
        return "whsec_key" + ByteBuffer.wrap(privateKey).getInt();
    }

    @Override
    public String standardSignature(String secret, String messageId, long timestampSeconds, byte[] body) {
        return "v1," + secret + ":" + messageId + "." + timestampSeconds + "." + Arrays.hashCode(body);
    }

    /** What {@link #standardSignature} gives for key number {@code key}'s secret. */
    public static String standard(int key, String id, long timestampSeconds, String body) {
        return "v1,whsec_key" + key + ":" + id + "." + timestampSeconds + "."
                + Arrays.hashCode(body.getBytes(StandardCharsets.UTF_8));
    }

    /** What {@link #sign} gives for key number {@code key} over {@code body}. */
    public static String signature(int key, String body) {
        return "key" + key + ":" + Arrays.hashCode(body.getBytes(StandardCharsets.UTF_8));
    }
}
