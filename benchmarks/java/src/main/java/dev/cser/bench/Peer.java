package dev.cser.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.CserWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;

/**
 * One library on one workload, set up the way the benchmarks run it: {@link #encode()} writes
 * the workload's value into the peer's reused buffer and returns its size, {@link #decode()}
 * builds the whole object graph from the encoded bytes ({@link #bytes()}, written once at
 * construction by {@link #encode()}).
 */
public abstract class Peer {
    /** Every library, in report order (the names of benchmarks/README.md). */
    public static final List<String> LIBRARIES = List.of("cser", "jdk-serializable", "jdk-externalizable",
            "data-stream", "kryo", "protobuf", "fory-fastest", "fory-compatible", "jackson");

    protected final String workload;
    private byte[] bytes;

    protected Peer(String workload) {
        this.workload = workload;
    }

    /** Writes the value into the reused buffer; returns the number of bytes written. */
    public abstract int encode() throws Exception;

    /** The reused buffer {@link #encode()} writes (for a Blackhole). */
    public abstract Object buffer();

    /** Decodes {@link #bytes()} into a fully built object graph. */
    public abstract Object decode() throws Exception;

    /** The value encoded (the library's own object: a cser object, a plain object, a protobuf message). */
    public abstract Object value();

    /** The encoded bytes of the value: what {@link #decode()} reads. */
    public byte[] bytes() {
        return bytes;
    }

    /** Encodes once and keeps the bytes; called at the end of every constructor. */
    protected final void init() {
        try {
            int n = encode();
            bytes = Arrays.copyOf(written(), n);
        } catch (Exception e) {
            throw new IllegalStateException(getClass().getSimpleName() + " " + workload, e);
        }
    }

    /** The array {@link #encode()} last wrote into, from offset 0. */
    protected abstract byte[] written();

    /** A peer of {@code library} on {@code workload}. */
    public static Peer create(String library, String workload) {
        return switch (library) {
            case "cser" -> new CserPeer(workload);
            case "jdk-serializable" -> new JdkPeer(workload, Data.pojo(workload));
            case "jdk-externalizable" -> new JdkPeer(workload, Externalized.wrap(workload, Data.pojo(workload)));
            case "data-stream" -> new DataStreamPeer(workload);
            case "kryo" -> new KryoPeer(workload);
            case "protobuf" -> new ProtobufPeer(workload);
            case "fory-fastest" -> new ForyPeer(workload, Codecs.foryFastest());
            case "fory-compatible" -> new ForyPeer(workload, Codecs.foryCompatible());
            case "jackson" -> new JacksonPeer(workload);
            default -> throw new IllegalArgumentException("no library " + library);
        };
    }

    /** A ByteArrayOutputStream whose array can be read without a copy. */
    static final class Bytes extends ByteArrayOutputStream {
        Bytes(int size) {
            super(size);
        }

        byte[] array() {
            return buf;
        }
    }

    /** A ByteArrayInputStream that can be pointed at new bytes. */
    static final class BytesIn extends ByteArrayInputStream {
        BytesIn() {
            super(new byte[0]);
        }

        BytesIn reset(byte[] b) {
            buf = b;
            pos = 0;
            mark = 0;
            count = b.length;
            return this;
        }
    }

    // ---- cser -----------------------------------------------------------------------------------

    /** The generated classes: encode into a reused CserWriter, decode through a reused CserReader. */
    static final class CserPeer extends Peer {
        interface Encoder {
            void encodeTo(Object value, CserWriter w);
        }

        interface Decoder {
            Object decode(CserReader r) throws CserDecodeException;
        }

        private final Object value;
        private final Encoder encoder;
        private final Decoder decoder;
        private final CserWriter writer = new CserWriter();
        private final CserReader reader = new CserReader(new byte[0]);

        CserPeer(String workload) {
            super(workload);
            value = Data.cser(workload);
            switch (workload) {
                case "W1" -> {
                    encoder = (v, w) -> ((bench.empty.EmptyDataSet) v).encodeTo(w);
                    decoder = bench.empty.EmptyDataSet::decode;
                }
                case "W2" -> {
                    encoder = (v, w) -> ((bench.employee.Staff) v).encodeTo(w);
                    decoder = bench.employee.Staff::decode;
                }
                case "W3" -> {
                    encoder = (v, w) -> ((sakai.content.ContentResource) v).encodeTo(w);
                    decoder = sakai.content.ContentResource::decode;
                }
                case "W4" -> {
                    encoder = (v, w) -> ((bench.message.Message) v).encodeTo(w);
                    decoder = bench.message.Message::decode;
                }
                case "W5" -> {
                    encoder = (v, w) -> ((chem.MoleculeSet) v).encodeTo(w);
                    decoder = chem.MoleculeSet::decode;
                }
                case "W6" -> {
                    encoder = (v, w) -> ((bench.media.MediaContent) v).encodeTo(w);
                    decoder = bench.media.MediaContent::decode;
                }
                default -> throw new IllegalArgumentException("no workload " + workload);
            }
            init();
        }

        @Override
        public int encode() {
            CserWriter w = writer;
            w.reset();
            encoder.encodeTo(value, w);
            return w.size();
        }

        @Override
        public Object buffer() {
            return writer.buffer();
        }

        @Override
        protected byte[] written() {
            return writer.buffer();
        }

        @Override
        public Object decode() throws CserDecodeException {
            byte[] b = bytes();
            return decoder.decode(reader.reset(b, 0, b.length));
        }

        @Override
        public Object value() {
            return value;
        }
    }

    // ---- JDK serialization ----------------------------------------------------------------------

    /**
     * ObjectOutputStream / ObjectInputStream over a reused byte array: a new object stream per
     * message (its header and class descriptors are part of every message, as when each message
     * is stored on its own), {@code writeObject} of the root. With an {@link Externalized} root
     * this is the {@code jdk-externalizable} peer; its decode returns the plain object inside.
     */
    static final class JdkPeer extends Peer {
        private final Object value;
        private final Bytes out = new Bytes(4096);

        JdkPeer(String workload, Object value) {
            super(workload);
            this.value = value;
            init();
        }

        @Override
        public int encode() throws IOException {
            Bytes o = out;
            o.reset();
            ObjectOutputStream oos = new ObjectOutputStream(o);
            oos.writeObject(value);
            oos.flush();
            return o.size();
        }

        @Override
        public Object buffer() {
            return out.array();
        }

        @Override
        protected byte[] written() {
            return out.array();
        }

        @Override
        public Object decode() throws IOException, ClassNotFoundException {
            Object o = new ObjectInputStream(new ByteArrayInputStream(bytes())).readObject();
            return o instanceof Externalized e ? e.value() : o;
        }

        @Override
        public Object value() {
            return value instanceof Externalized e ? e.value() : value;
        }
    }

    // ---- DataOutputStream -----------------------------------------------------------------------

    /** The hand-written {@link HandCodec} on a DataOutputStream / DataInputStream, both reused. */
    static final class DataStreamPeer extends Peer {
        private final Object value;
        private final HandCodec<Object> codec;
        private final Bytes out = new Bytes(4096);
        private final DataOutputStream dos = new DataOutputStream(out);
        private final BytesIn in = new BytesIn();
        private final DataInputStream dis = new DataInputStream(in);

        DataStreamPeer(String workload) {
            super(workload);
            value = Data.pojo(workload);
            codec = HandCodec.of(workload);
            init();
        }

        @Override
        public int encode() throws IOException {
            out.reset();
            codec.write(dos, value);
            dos.flush();
            return out.size();
        }

        @Override
        public Object buffer() {
            return out.array();
        }

        @Override
        protected byte[] written() {
            return out.array();
        }

        @Override
        public Object decode() throws IOException {
            in.reset(bytes());
            return codec.read(dis);
        }

        @Override
        public Object value() {
            return value;
        }
    }

    // ---- Kryo -----------------------------------------------------------------------------------

    /** Kryo 5 ({@link Codecs#kryo()}): a reused Output, a reused Input. */
    static final class KryoPeer extends Peer {
        private final Kryo kryo = Codecs.kryo();
        private final Object value;
        private final Class<?> type;
        private final Output output = new Output(4096, -1);
        private final Input input = new Input();

        KryoPeer(String workload) {
            super(workload);
            value = Data.pojo(workload);
            type = value.getClass();
            init();
        }

        @Override
        public int encode() {
            Output o = output;
            o.reset();
            kryo.writeObject(o, value);
            return o.position();
        }

        @Override
        public Object buffer() {
            return output.getBuffer();
        }

        @Override
        protected byte[] written() {
            return output.getBuffer();
        }

        @Override
        public Object decode() {
            input.setBuffer(bytes());
            return kryo.readObject(input, type);
        }

        @Override
        public Object value() {
            return value;
        }
    }

    // ---- protobuf -------------------------------------------------------------------------------

    /**
     * protobuf-java 4 messages of workloads.proto: {@code writeTo} a CodedOutputStream over a
     * reused array (sized once from {@code getSerializedSize()}), {@code parseFrom} the bytes.
     */
    static final class ProtobufPeer extends Peer {
        private final MessageLite value;
        private final Parser<? extends MessageLite> parser;
        private final byte[] buf;

        ProtobufPeer(String workload) {
            super(workload);
            value = ProtoData.of(workload);
            parser = ProtoData.parser(workload);
            buf = new byte[value.getSerializedSize()];
            init();
        }

        @Override
        public int encode() throws IOException {
            CodedOutputStream out = CodedOutputStream.newInstance(buf);
            value.writeTo(out);
            return out.getTotalBytesWritten();
        }

        @Override
        public Object buffer() {
            return buf;
        }

        @Override
        protected byte[] written() {
            return buf;
        }

        @Override
        public Object decode() throws IOException {
            return parser.parseFrom(bytes());
        }

        @Override
        public Object value() {
            return value;
        }
    }

    // ---- Fory -----------------------------------------------------------------------------------

    /** Apache Fory ({@link Codecs#foryFastest()} or {@link Codecs#foryCompatible()}): reused MemoryBuffers. */
    static final class ForyPeer extends Peer {
        private final Fory fory;
        private final Object value;
        private final Class<?> type;
        private final MemoryBuffer out = MemoryBuffer.newHeapBuffer(4096);
        private MemoryBuffer in;

        ForyPeer(String workload, Fory fory) {
            super(workload);
            this.fory = fory;
            value = Data.pojo(workload);
            type = value.getClass();
            init();
            in = MemoryBuffer.fromByteArray(bytes());
        }

        @Override
        public int encode() {
            MemoryBuffer b = out;
            b.writerIndex(0);
            fory.serialize(b, value);
            return b.writerIndex();
        }

        @Override
        public Object buffer() {
            return out.getHeapMemory();
        }

        @Override
        protected byte[] written() {
            return out.getHeapMemory();
        }

        @Override
        public Object decode() {
            in.readerIndex(0);
            return fory.deserialize(in, type);
        }

        @Override
        public Object value() {
            return value;
        }
    }

    // ---- Jackson --------------------------------------------------------------------------------

    /** Jackson JSON ({@link Codecs#jackson()}): an ObjectWriter into a reused array, an ObjectReader. */
    static final class JacksonPeer extends Peer {
        private final Object value;
        private final ObjectWriter writer;
        private final ObjectReader reader;
        private final Bytes out = new Bytes(4096);

        JacksonPeer(String workload) {
            super(workload);
            value = Data.pojo(workload);
            ObjectMapper mapper = Codecs.jackson();
            writer = mapper.writerFor(value.getClass());
            reader = mapper.readerFor(value.getClass());
            init();
        }

        @Override
        public int encode() throws IOException {
            out.reset();
            writer.writeValue(out, value);
            return out.size();
        }

        @Override
        public Object buffer() {
            return out.array();
        }

        @Override
        protected byte[] written() {
            return out.array();
        }

        @Override
        public Object decode() throws IOException {
            return reader.readValue(bytes());
        }

        @Override
        public Object value() {
            return value;
        }
    }

    /** Encodes, wrapping checked exceptions (for code outside the benchmarks). */
    public final int encodeUnchecked() {
        try {
            return encode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
