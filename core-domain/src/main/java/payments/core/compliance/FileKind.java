package payments.core.compliance;

import payments.core.error.InvalidFields;

/**
 * The files a document may be, told by their first bytes and never by the name or the declared type: a PDF, a PNG
 * or a JPEG. Anything else (an executable renamed {@code passport.pdf}) is refused.
 */
public enum FileKind {
    PDF("application/pdf", new byte[] {'%', 'P', 'D', 'F', '-'}),
    PNG("image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A}),
    JPEG("image/jpeg", new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF});

    private final String contentType;
    private final byte[] magic;

    FileKind(String contentType, byte[] magic) {
        this.contentType = contentType;
        this.magic = magic;
    }

    public String contentType() {
        return contentType;
    }

    /** The kind {@code head} (the file's first bytes) shows; 400 naming {@code field} when it is none of them. */
    public static FileKind of(byte[] head, String field) {
        for (FileKind kind : values()) {
            if (head.length >= kind.magic.length && startsWith(head, kind.magic)) {
                return kind;
            }
        }
        throw InvalidFields.of(field, "must be a PDF, PNG or JPEG file (judged by its content)");
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (bytes[i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }
}
