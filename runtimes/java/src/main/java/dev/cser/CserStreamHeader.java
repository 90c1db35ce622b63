package dev.cser;

/**
 * The 21-byte header of a cser stream (SPEC §8): magic {@code CSER}, version {@code 02}, the
 * root type id and the writer's schema fingerprint, both u64 little-endian.
 */
public final class CserStreamHeader {
    /** The four magic bytes, {@code "CSER"}. */
    public static final byte[] MAGIC = {0x43, 0x53, 0x45, 0x52};

    /**
     * The format version this runtime reads and writes. Version 1 wrote union values without a
     * payload length (SPEC §14), so a reader rejects it rather than misread it.
     */
    public static final int VERSION = 2;

    /** Where the version byte is. */
    static final int VERSION_OFFSET = 4;

    /** The length of a header in bytes. */
    public static final int LENGTH = 21;

    /** Offset of the type id within the header. */
    public static final int TYPE_ID_OFFSET = 5;

    /** Offset of the fingerprint within the header. */
    public static final int FINGERPRINT_OFFSET = 13;

    private CserStreamHeader() {
    }

    /** The header of a stream of the given type, written by the given schema. */
    public static byte[] encode(long typeId, long fingerprint) {
        byte[] h = new byte[LENGTH];
        System.arraycopy(MAGIC, 0, h, 0, MAGIC.length);
        h[4] = VERSION;
        putLongLe(h, TYPE_ID_OFFSET, typeId);
        putLongLe(h, FINGERPRINT_OFFSET, fingerprint);
        return h;
    }

    /**
     * The offset of the first of {@code n} header bytes that is not magic or version, or -1 if
     * they all match. Lets a reader reject garbage before the whole header has arrived.
     */
    static int firstBadPrefixByte(byte[] h, int n) {
        for (int i = 0; i < Math.min(n, 5); i++) {
            int expected = i < 4 ? MAGIC[i] : VERSION;
            if (h[i] != expected) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the {@code len} bytes of {@code b} at {@code off} start with {@link #MAGIC}. */
    static boolean startsWithMagic(byte[] b, int off, int len) {
        if (len < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (b[off + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    static void putLongLe(byte[] b, int off, long v) {
        for (int i = 0; i < 8; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    static long getLongLe(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }
}
