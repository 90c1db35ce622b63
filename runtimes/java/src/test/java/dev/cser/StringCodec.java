package dev.cser;

/**
 * A hand-written codec standing in for generated code in the stream tests: the record
 * {@code test.Text { string text = 1; }}, whose frame content is its body.
 */
final class StringCodec implements CserCodec<String> {
    static final StringCodec INSTANCE = new StringCodec();
    static final long TYPE_ID = 0x1122334455667788L;
    static final long FINGERPRINT = 0x0102030405060708L;

    @Override
    public String typeName() {
        return "test.Text";
    }

    @Override
    public long typeId() {
        return TYPE_ID;
    }

    @Override
    public long fingerprint() {
        return FINGERPRINT;
    }

    /** The canonical text of {@code test.Text} (SPEC §8.1); its fingerprint is not {@link #FINGERPRINT}. */
    static final String CANONICAL_TEXT = "record test.Text{1:string text;}\n";

    @Override
    public String canonicalText() {
        return CANONICAL_TEXT;
    }

    @Override
    public void encodeRoot(String value, CserWriter w) {
        w.enter();
        w.writeString(value);
        w.exit();
    }

    @Override
    public String decodeRoot(CserReader r) throws CserDecodeException {
        r.enter();
        String s = "";
        try {
            if (r.hasMore()) {
                s = r.readString();
            }
        } catch (CserDecodeException e) {
            throw e.pushField("Text.text");
        }
        r.exit();
        return s;
    }

    /**
     * The same type as a codec written by hand would give it, without a canonical text: the
     * stream tests extend it to change one method.
     */
    static class Bare implements CserCodec<String> {
        @Override
        public String typeName() {
            return INSTANCE.typeName();
        }

        @Override
        public long typeId() {
            return TYPE_ID;
        }

        @Override
        public long fingerprint() {
            return FINGERPRINT;
        }

        @Override
        public void encodeRoot(String value, CserWriter w) {
            INSTANCE.encodeRoot(value, w);
        }

        @Override
        public String decodeRoot(CserReader r) throws CserDecodeException {
            return INSTANCE.decodeRoot(r);
        }
    }
}
