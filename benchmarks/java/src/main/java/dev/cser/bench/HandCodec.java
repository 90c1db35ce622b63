package dev.cser.bench;

import dev.cser.bench.pojo.Atom;
import dev.cser.bench.pojo.Audit;
import dev.cser.bench.pojo.Bond;
import dev.cser.bench.pojo.ContentResource;
import dev.cser.bench.pojo.EmptyData;
import dev.cser.bench.pojo.EmptyDataSet;
import dev.cser.bench.pojo.Employee;
import dev.cser.bench.pojo.Image;
import dev.cser.bench.pojo.Media;
import dev.cser.bench.pojo.MediaContent;
import dev.cser.bench.pojo.Message;
import dev.cser.bench.pojo.Molecule;
import dev.cser.bench.pojo.MoleculeSet;
import dev.cser.bench.pojo.Staff;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-written codecs of the peers' plain classes over {@link DataOutput}/{@link DataInput}, the
 * way seeds 001 (Externalizable), 002 (Sakai's DataOutputStream format) and 004 (the socket
 * Message) write them: fields in a fixed order, {@code writeUTF} for strings, {@code writeInt}
 * for ints and collection sizes, a {@code writeBoolean} presence flag before a value that can be
 * null (an array's length is -1 when it is null), an enum as its ordinal in one byte. The
 * {@code data-stream} peer runs them on {@code DataOutputStream}/{@code DataInputStream}, the
 * {@code jdk-externalizable} peer inside {@code writeExternal}/{@code readExternal}
 * ({@link Externalized}).
 *
 * @param <T> the root type
 */
public interface HandCodec<T> {
    void write(DataOutput out, T value) throws IOException;

    T read(DataInput in) throws IOException;

    /** The codec of a workload's root. */
    @SuppressWarnings("unchecked")
    static <T> HandCodec<T> of(String workload) {
        return (HandCodec<T>) switch (workload) {
            case "W1" -> W1;
            case "W2" -> W2;
            case "W3" -> W3;
            case "W4" -> W4;
            case "W5" -> W5;
            case "W6" -> W6;
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    HandCodec<EmptyDataSet> W1 = new HandCodec<>() {
        @Override
        public void write(DataOutput out, EmptyDataSet v) throws IOException {
            out.writeInt(v.items.size());
            for (EmptyData e : v.items) {
                out.writeInt(e.attributes.size());
                for (Map.Entry<String, String> a : e.attributes.entrySet()) {
                    out.writeUTF(a.getKey());
                    out.writeUTF(a.getValue());
                }
                Strings.write(out, e.tags);
            }
        }

        @Override
        public EmptyDataSet read(DataInput in) throws IOException {
            int n = in.readInt();
            List<EmptyData> items = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int m = in.readInt();
                Map<String, String> attributes = new LinkedHashMap<>();
                for (int j = 0; j < m; j++) {
                    attributes.put(in.readUTF(), in.readUTF());
                }
                items.add(new EmptyData(attributes, Strings.read(in)));
            }
            return new EmptyDataSet(items);
        }
    };

    HandCodec<Staff> W2 = new HandCodec<>() {
        @Override
        public void write(DataOutput out, Staff v) throws IOException {
            out.writeInt(v.employees.size());
            for (Employee e : v.employees) {
                out.writeUTF(e.lastName);
                out.writeUTF(e.firstName);
                out.writeUTF(e.ssn);
                out.writeInt(e.salary);
                out.writeInt(e.level);
            }
        }

        @Override
        public Staff read(DataInput in) throws IOException {
            int n = in.readInt();
            List<Employee> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Employee e = new Employee();
                e.lastName = in.readUTF();
                e.firstName = in.readUTF();
                e.ssn = in.readUTF();
                e.salary = in.readInt();
                e.level = in.readInt();
                list.add(e);
            }
            return new Staff(list);
        }
    };

    HandCodec<ContentResource> W3 = new HandCodec<>() {
        private final ContentResource.AccessMode[] modes = ContentResource.AccessMode.values();

        @Override
        public void write(DataOutput out, ContentResource r) throws IOException {
            out.writeUTF(r.id);
            out.writeUTF(r.resourceType);
            out.writeByte(r.access.ordinal());
            Strings.write(out, r.groups);
            out.writeBoolean(r.hidden);
            out.writeBoolean(r.releaseDate != null);
            if (r.releaseDate != null) {
                out.writeLong(r.releaseDate);
            }
            out.writeBoolean(r.retractDate != null);
            if (r.retractDate != null) {
                out.writeLong(r.retractDate);
            }
            out.writeInt(r.properties.size());
            for (Map.Entry<String, List<String>> p : r.properties.entrySet()) {
                out.writeUTF(p.getKey());
                Strings.write(out, p.getValue());
            }
            out.writeUTF(r.contentType);
            out.writeLong(r.contentLength);
            out.writeUTF(r.filePath);
            out.writeUTF(r.audit.createdBy);
            out.writeLong(r.audit.createdAt);
            out.writeUTF(r.audit.modifiedBy);
            out.writeLong(r.audit.modifiedAt);
            if (r.body == null) {
                out.writeInt(-1);
            } else {
                out.writeInt(r.body.length);
                out.write(r.body);
            }
        }

        @Override
        public ContentResource read(DataInput in) throws IOException {
            ContentResource r = new ContentResource();
            r.id = in.readUTF();
            r.resourceType = in.readUTF();
            r.access = modes[in.readByte()];
            r.groups = Strings.read(in);
            r.hidden = in.readBoolean();
            r.releaseDate = in.readBoolean() ? in.readLong() : null;
            r.retractDate = in.readBoolean() ? in.readLong() : null;
            int n = in.readInt();
            Map<String, List<String>> props = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                props.put(in.readUTF(), Strings.read(in));
            }
            r.properties = props;
            r.contentType = in.readUTF();
            r.contentLength = in.readLong();
            r.filePath = in.readUTF();
            r.audit = new Audit(in.readUTF(), in.readLong(), in.readUTF(), in.readLong());
            int len = in.readInt();
            if (len >= 0) {
                r.body = new byte[len];
                in.readFully(r.body);
            }
            return r;
        }
    };

    HandCodec<Message> W4 = new HandCodec<>() {
        @Override
        public void write(DataOutput out, Message m) throws IOException {
            out.writeInt(m.type);
            out.writeBoolean(m.active);
            out.writeUTF(m.username);
            out.writeInt(m.userid);
            out.writeUTF(m.data);
        }

        @Override
        public Message read(DataInput in) throws IOException {
            Message m = new Message();
            m.type = in.readInt();
            m.active = in.readBoolean();
            m.username = in.readUTF();
            m.userid = in.readInt();
            m.data = in.readUTF();
            return m;
        }
    };

    HandCodec<MoleculeSet> W5 = new HandCodec<>() {
        private final Bond.Order[] orders = Bond.Order.values();
        private final Bond.Stereo[] stereos = Bond.Stereo.values();

        @Override
        public void write(DataOutput out, MoleculeSet s) throws IOException {
            out.writeInt(s.molecules.size());
            for (Molecule m : s.molecules) {
                out.writeUTF(m.name);
                out.writeInt(m.atoms.size());
                for (Atom a : m.atoms) {
                    out.writeByte(a.element);
                    out.writeByte(a.charge);
                    out.writeByte(a.implicitHydrogens);
                    out.writeBoolean(a.aromatic);
                }
                out.writeInt(m.bonds.size());
                for (Bond b : m.bonds) {
                    out.writeInt(b.begin);
                    out.writeInt(b.end);
                    out.writeByte(b.order.ordinal());
                    out.writeByte(b.stereo.ordinal());
                }
                if (m.coords2d == null) {
                    out.writeInt(-1);
                } else {
                    out.writeInt(m.coords2d.length);
                    for (float f : m.coords2d) {
                        out.writeFloat(f);
                    }
                }
                if (m.coords3d == null) {
                    out.writeInt(-1);
                } else {
                    out.writeInt(m.coords3d.length);
                    for (double d : m.coords3d) {
                        out.writeDouble(d);
                    }
                }
            }
        }

        @Override
        public MoleculeSet read(DataInput in) throws IOException {
            int n = in.readInt();
            List<Molecule> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Molecule m = new Molecule();
                m.name = in.readUTF();
                int na = in.readInt();
                m.atoms = new ArrayList<>(na);
                for (int j = 0; j < na; j++) {
                    m.atoms.add(new Atom(in.readByte(), in.readByte(), in.readByte(), in.readBoolean()));
                }
                int nb = in.readInt();
                m.bonds = new ArrayList<>(nb);
                for (int j = 0; j < nb; j++) {
                    m.bonds.add(new Bond(in.readInt(), in.readInt(), orders[in.readByte()], stereos[in.readByte()]));
                }
                int n2 = in.readInt();
                if (n2 >= 0) {
                    m.coords2d = new float[n2];
                    for (int j = 0; j < n2; j++) {
                        m.coords2d[j] = in.readFloat();
                    }
                }
                int n3 = in.readInt();
                if (n3 >= 0) {
                    m.coords3d = new double[n3];
                    for (int j = 0; j < n3; j++) {
                        m.coords3d[j] = in.readDouble();
                    }
                }
                list.add(m);
            }
            return new MoleculeSet(list);
        }
    };

    HandCodec<MediaContent> W6 = new HandCodec<>() {
        private final Media.Player[] players = Media.Player.values();
        private final Image.Size[] sizes = Image.Size.values();

        @Override
        public void write(DataOutput out, MediaContent c) throws IOException {
            Media m = c.media;
            out.writeUTF(m.uri);
            Strings.writeNullable(out, m.title);
            out.writeInt(m.width);
            out.writeInt(m.height);
            out.writeUTF(m.format);
            out.writeLong(m.duration);
            out.writeLong(m.size);
            out.writeBoolean(m.hasBitrate);
            if (m.hasBitrate) {
                out.writeInt(m.bitrate);
            }
            Strings.write(out, m.persons);
            out.writeByte(m.player.ordinal());
            Strings.writeNullable(out, m.copyright);
            out.writeInt(c.images.size());
            for (Image i : c.images) {
                out.writeUTF(i.uri);
                Strings.writeNullable(out, i.title);
                out.writeInt(i.width);
                out.writeInt(i.height);
                out.writeByte(i.size.ordinal());
            }
        }

        @Override
        public MediaContent read(DataInput in) throws IOException {
            Media m = new Media();
            m.uri = in.readUTF();
            m.title = Strings.readNullable(in);
            m.width = in.readInt();
            m.height = in.readInt();
            m.format = in.readUTF();
            m.duration = in.readLong();
            m.size = in.readLong();
            m.hasBitrate = in.readBoolean();
            if (m.hasBitrate) {
                m.bitrate = in.readInt();
            }
            m.persons = Strings.read(in);
            m.player = players[in.readByte()];
            m.copyright = Strings.readNullable(in);
            int n = in.readInt();
            List<Image> images = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                images.add(new Image(in.readUTF(), Strings.readNullable(in), in.readInt(), in.readInt(),
                        sizes[in.readByte()]));
            }
            return new MediaContent(m, images);
        }
    };

    /** String helpers shared by the codecs. */
    final class Strings {
        private Strings() {}

        static void write(DataOutput out, List<String> list) throws IOException {
            out.writeInt(list.size());
            for (String s : list) {
                out.writeUTF(s);
            }
        }

        static List<String> read(DataInput in) throws IOException {
            int n = in.readInt();
            List<String> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(in.readUTF());
            }
            return list;
        }

        static void writeNullable(DataOutput out, String s) throws IOException {
            out.writeBoolean(s != null);
            if (s != null) {
                out.writeUTF(s);
            }
        }

        static String readNullable(DataInput in) throws IOException {
            return in.readBoolean() ? in.readUTF() : null;
        }
    }
}
