package dev.cser.bench;

import com.google.protobuf.ByteString;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.cser.bench.proto.AccessMode;
import dev.cser.bench.proto.Atom;
import dev.cser.bench.proto.Audit;
import dev.cser.bench.proto.Bond;
import dev.cser.bench.proto.BondOrder;
import dev.cser.bench.proto.ContentResource;
import dev.cser.bench.proto.EmptyData;
import dev.cser.bench.proto.EmptyDataSet;
import dev.cser.bench.proto.Employee;
import dev.cser.bench.proto.Image;
import dev.cser.bench.proto.Media;
import dev.cser.bench.proto.MediaContent;
import dev.cser.bench.proto.Message;
import dev.cser.bench.proto.Molecule;
import dev.cser.bench.proto.MoleculeSet;
import dev.cser.bench.proto.Player;
import dev.cser.bench.proto.PropertyEntry;
import dev.cser.bench.proto.Size;
import dev.cser.bench.proto.Staff;
import dev.cser.bench.proto.Stereo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workloads as protobuf-java messages of {@code benchmarks/proto/workloads.proto} (built
 * from the peers' plain objects, so the data is the same), and back (for the tests).
 */
public final class ProtoData {
    private ProtoData() {}

    /** The workload's value as a protobuf message. */
    public static MessageLite of(String workload) {
        Object p = Data.pojo(workload);
        return switch (workload) {
            case "W1" -> w1((dev.cser.bench.pojo.EmptyDataSet) p);
            case "W2" -> w2((dev.cser.bench.pojo.Staff) p);
            case "W3" -> w3((dev.cser.bench.pojo.ContentResource) p);
            case "W4" -> w4((dev.cser.bench.pojo.Message) p);
            case "W5" -> w5((dev.cser.bench.pojo.MoleculeSet) p);
            case "W6" -> w6((dev.cser.bench.pojo.MediaContent) p);
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    /** The parser of a workload's root message. */
    public static Parser<? extends MessageLite> parser(String workload) {
        return switch (workload) {
            case "W1" -> EmptyDataSet.parser();
            case "W2" -> Staff.parser();
            case "W3" -> ContentResource.parser();
            case "W4" -> Message.parser();
            case "W5" -> MoleculeSet.parser();
            case "W6" -> MediaContent.parser();
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    public static EmptyDataSet w1(dev.cser.bench.pojo.EmptyDataSet s) {
        EmptyDataSet.Builder b = EmptyDataSet.newBuilder();
        for (dev.cser.bench.pojo.EmptyData e : s.items) {
            b.addItems(EmptyData.newBuilder().putAllAttributes(e.attributes).addAllTags(e.tags));
        }
        return b.build();
    }

    public static Staff w2(dev.cser.bench.pojo.Staff s) {
        Staff.Builder b = Staff.newBuilder();
        for (dev.cser.bench.pojo.Employee e : s.employees) {
            b.addEmployees(Employee.newBuilder().setLastName(e.lastName).setFirstName(e.firstName).setSsn(e.ssn)
                    .setSalary(e.salary).setLevel(e.level));
        }
        return b.build();
    }

    public static ContentResource w3(dev.cser.bench.pojo.ContentResource r) {
        ContentResource.Builder b = ContentResource.newBuilder()
                .setId(r.id)
                .setResourceType(r.resourceType)
                .setAccess(AccessMode.forNumber(r.access.ordinal()))
                .addAllGroups(r.groups)
                .setHidden(r.hidden);
        if (r.releaseDate != null) {
            b.setReleaseDate(r.releaseDate);
        }
        if (r.retractDate != null) {
            b.setRetractDate(r.retractDate);
        }
        r.properties.forEach((k, v) -> b.addProperties(PropertyEntry.newBuilder().setKey(k).addAllValues(v)));
        b.setContentType(r.contentType).setContentLength(r.contentLength).setFilePath(r.filePath)
                .setAudit(Audit.newBuilder().setCreatedBy(r.audit.createdBy).setCreatedAt(r.audit.createdAt)
                        .setModifiedBy(r.audit.modifiedBy).setModifiedAt(r.audit.modifiedAt));
        if (r.body != null) {
            b.setBody(ByteString.copyFrom(r.body));
        }
        return b.build();
    }

    public static Message w4(dev.cser.bench.pojo.Message m) {
        return Message.newBuilder().setType(m.type).setActive(m.active).setUsername(m.username).setUserid(m.userid)
                .setData(m.data).build();
    }

    public static MoleculeSet w5(dev.cser.bench.pojo.MoleculeSet s) {
        MoleculeSet.Builder b = MoleculeSet.newBuilder();
        for (dev.cser.bench.pojo.Molecule m : s.molecules) {
            Molecule.Builder mb = Molecule.newBuilder().setName(m.name);
            for (dev.cser.bench.pojo.Atom a : m.atoms) {
                mb.addAtoms(Atom.newBuilder().setElement(a.element & 0xFF).setCharge(a.charge)
                        .setImplicitHydrogens(a.implicitHydrogens & 0xFF).setAromatic(a.aromatic));
            }
            for (dev.cser.bench.pojo.Bond d : m.bonds) {
                mb.addBonds(Bond.newBuilder().setBegin(d.begin).setEnd(d.end)
                        .setOrder(BondOrder.forNumber(d.order.ordinal()))
                        .setStereo(Stereo.forNumber(d.stereo.ordinal())));
            }
            if (m.coords2d != null) {
                mb.setHasCoords2D(true);
                for (float f : m.coords2d) {
                    mb.addCoords2D(f);
                }
            }
            if (m.coords3d != null) {
                mb.setHasCoords3D(true);
                for (double d : m.coords3d) {
                    mb.addCoords3D(d);
                }
            }
            b.addMolecules(mb);
        }
        return b.build();
    }

    public static MediaContent w6(dev.cser.bench.pojo.MediaContent c) {
        dev.cser.bench.pojo.Media m = c.media;
        Media.Builder mb = Media.newBuilder().setUri(m.uri).setWidth(m.width).setHeight(m.height)
                .setFormat(m.format).setDuration(m.duration).setSize(m.size).addAllPersons(m.persons)
                .setPlayer(Player.forNumber(m.player.ordinal()));
        if (m.title != null) {
            mb.setTitle(m.title);
        }
        if (m.hasBitrate) {
            mb.setBitrate(m.bitrate);
        }
        if (m.copyright != null) {
            mb.setCopyright(m.copyright);
        }
        MediaContent.Builder b = MediaContent.newBuilder().setMedia(mb);
        for (dev.cser.bench.pojo.Image i : c.images) {
            Image.Builder ib = Image.newBuilder().setUri(i.uri).setWidth(i.width).setHeight(i.height)
                    .setSize(Size.forNumber(i.size.ordinal()));
            if (i.title != null) {
                ib.setTitle(i.title);
            }
            b.addImages(ib);
        }
        return b.build();
    }

    // ---- back to the plain objects (tests) ------------------------------------------------------

    /** A decoded protobuf root as the peers' plain object, to compare field by field. */
    public static Object toPojo(MessageLite msg) {
        if (msg instanceof EmptyDataSet s) {
            List<dev.cser.bench.pojo.EmptyData> items = new ArrayList<>();
            for (EmptyData e : s.getItemsList()) {
                items.add(new dev.cser.bench.pojo.EmptyData(new LinkedHashMap<>(e.getAttributesMap()),
                        new ArrayList<>(e.getTagsList())));
            }
            return new dev.cser.bench.pojo.EmptyDataSet(items);
        }
        if (msg instanceof Staff s) {
            List<dev.cser.bench.pojo.Employee> list = new ArrayList<>();
            for (Employee e : s.getEmployeesList()) {
                list.add(new dev.cser.bench.pojo.Employee(e.getLastName(), e.getFirstName(), e.getSsn(),
                        e.getSalary(), e.getLevel()));
            }
            return new dev.cser.bench.pojo.Staff(list);
        }
        if (msg instanceof ContentResource c) {
            dev.cser.bench.pojo.ContentResource r = new dev.cser.bench.pojo.ContentResource();
            r.id = c.getId();
            r.resourceType = c.getResourceType();
            r.access = dev.cser.bench.pojo.ContentResource.AccessMode.values()[c.getAccessValue()];
            r.groups = new ArrayList<>(c.getGroupsList());
            r.hidden = c.getHidden();
            r.releaseDate = c.hasReleaseDate() ? c.getReleaseDate() : null;
            r.retractDate = c.hasRetractDate() ? c.getRetractDate() : null;
            Map<String, List<String>> props = new LinkedHashMap<>();
            for (PropertyEntry p : c.getPropertiesList()) {
                props.put(p.getKey(), new ArrayList<>(p.getValuesList()));
            }
            r.properties = props;
            r.contentType = c.getContentType();
            r.contentLength = c.getContentLength();
            r.filePath = c.getFilePath();
            Audit a = c.getAudit();
            r.audit = new dev.cser.bench.pojo.Audit(a.getCreatedBy(), a.getCreatedAt(), a.getModifiedBy(),
                    a.getModifiedAt());
            r.body = c.hasBody() ? c.getBody().toByteArray() : null;
            return r;
        }
        if (msg instanceof Message m) {
            return new dev.cser.bench.pojo.Message(m.getType(), m.getActive(), m.getUsername(), m.getUserid(),
                    m.getData());
        }
        if (msg instanceof MoleculeSet s) {
            List<dev.cser.bench.pojo.Molecule> list = new ArrayList<>();
            for (Molecule m : s.getMoleculesList()) {
                List<dev.cser.bench.pojo.Atom> atoms = new ArrayList<>();
                for (Atom a : m.getAtomsList()) {
                    atoms.add(new dev.cser.bench.pojo.Atom((byte) a.getElement(), (byte) a.getCharge(),
                            (byte) a.getImplicitHydrogens(), a.getAromatic()));
                }
                List<dev.cser.bench.pojo.Bond> bonds = new ArrayList<>();
                for (Bond d : m.getBondsList()) {
                    bonds.add(new dev.cser.bench.pojo.Bond(d.getBegin(), d.getEnd(),
                            dev.cser.bench.pojo.Bond.Order.values()[d.getOrderValue()],
                            dev.cser.bench.pojo.Bond.Stereo.values()[d.getStereoValue()]));
                }
                float[] c2 = null;
                if (m.getHasCoords2D()) {
                    c2 = new float[m.getCoords2DCount()];
                    for (int i = 0; i < c2.length; i++) {
                        c2[i] = m.getCoords2D(i);
                    }
                }
                double[] c3 = null;
                if (m.getHasCoords3D()) {
                    c3 = new double[m.getCoords3DCount()];
                    for (int i = 0; i < c3.length; i++) {
                        c3[i] = m.getCoords3D(i);
                    }
                }
                list.add(new dev.cser.bench.pojo.Molecule(m.getName(), atoms, bonds, c2, c3));
            }
            return new dev.cser.bench.pojo.MoleculeSet(list);
        }
        if (msg instanceof MediaContent c) {
            Media m = c.getMedia();
            dev.cser.bench.pojo.Media media = new dev.cser.bench.pojo.Media(m.getUri(),
                    m.hasTitle() ? m.getTitle() : null, m.getWidth(), m.getHeight(), m.getFormat(), m.getDuration(),
                    m.getSize(), m.hasBitrate() ? m.getBitrate() : 0, m.hasBitrate(),
                    new ArrayList<>(m.getPersonsList()), dev.cser.bench.pojo.Media.Player.values()[m.getPlayerValue()],
                    m.hasCopyright() ? m.getCopyright() : null);
            List<dev.cser.bench.pojo.Image> images = new ArrayList<>();
            for (Image i : c.getImagesList()) {
                images.add(new dev.cser.bench.pojo.Image(i.getUri(), i.hasTitle() ? i.getTitle() : null, i.getWidth(),
                        i.getHeight(), dev.cser.bench.pojo.Image.Size.values()[i.getSizeValue()]));
            }
            return new dev.cser.bench.pojo.MediaContent(media, images);
        }
        throw new IllegalArgumentException("not a workload root: " + msg.getClass());
    }
}
