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
import dev.cser.examples.SakaiData;
import dev.cser.examples.Workloads;
import dev.cser.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of workloads W1–W6 (benchmarks/README.md, shared/workloads.md), as generated cser
 * objects and as the plain Java objects the peers serialize. Each call builds fresh objects (W5
 * is parsed from its JSON file once per JVM and then copied).
 */
public final class Data {
    private Data() {}

    /** Every workload, in report order. */
    public static final List<String> WORKLOADS = List.of("W1", "W2", "W3", "W4", "W5", "W6");

    /** W1: how many EmptyData. */
    public static final int W1_ITEMS = 100_000;
    /** W2: how many employees. */
    public static final int W2_EMPLOYEES = 5_000;
    /** W4: the message number. */
    public static final int W4_N = 12345;

    /** The workload's value as a generated cser object. */
    public static Object cser(String workload) {
        return switch (workload) {
            case "W1" -> w1Cser();
            case "W2" -> w2Cser();
            case "W3" -> w3Cser();
            case "W4" -> w4Cser();
            case "W5" -> w5Cser();
            case "W6" -> w6Cser();
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    /** The peers' plain object of a workload. */
    public static Object pojo(String workload) {
        return switch (workload) {
            case "W1" -> w1Pojo();
            case "W2" -> w2Pojo();
            case "W3" -> w3Pojo();
            case "W4" -> w4Pojo();
            case "W5" -> w5Pojo();
            case "W6" -> w6Pojo();
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    // ---- W1 -------------------------------------------------------------------------------------

    /** W1 as cser objects: 100,000 EmptyData, each with its own empty map and list. */
    public static bench.empty.EmptyDataSet w1Cser() {
        return Workloads.emptyDataSet(W1_ITEMS);
    }

    /** W1 as plain objects: each item has its own (unshared) empty map and list. */
    public static EmptyDataSet w1Pojo() {
        List<EmptyData> items = new ArrayList<>(W1_ITEMS);
        for (int i = 0; i < W1_ITEMS; i++) {
            items.add(new EmptyData(new LinkedHashMap<>(), new ArrayList<>()));
        }
        return new EmptyDataSet(items);
    }

    // ---- W2 -------------------------------------------------------------------------------------

    /** W2 as cser objects: the 5,000 employees of seed 001. */
    public static bench.employee.Staff w2Cser() {
        return Workloads.staff(W2_EMPLOYEES);
    }

    /** W2 as plain objects: a copy of {@link #w2Cser()}. */
    public static Staff w2Pojo() {
        List<Employee> list = new ArrayList<>(W2_EMPLOYEES);
        for (bench.employee.Employee e : w2Cser().getEmployees()) {
            list.add(new Employee(e.getLastName(), e.getFirstName(), e.getSsn(), e.getSalary(), e.getLevel()));
        }
        return new Staff(list);
    }

    // ---- W3 -------------------------------------------------------------------------------------

    /** W3 as a cser object: Sakai entity 0 of {@link SakaiData}. */
    public static sakai.content.ContentResource w3Cser() {
        return SakaiData.entity(0);
    }

    /** W3 as the peers' plain object: a field-by-field copy of {@link #w3Cser()}. */
    public static ContentResource w3Pojo() {
        return toPojo(w3Cser());
    }

    /**
     * Copies a cser entity into the peers' plain class, with mutable {@link ArrayList} and
     * {@link LinkedHashMap} collections (what a decoder of any of the libraries builds).
     */
    public static ContentResource toPojo(sakai.content.ContentResource c) {
        ContentResource r = new ContentResource();
        r.id = c.getId();
        r.resourceType = c.getResourceType();
        r.access = ContentResource.AccessMode.valueOf(c.getAccess().name());
        r.groups = new ArrayList<>(c.getGroups());
        r.hidden = c.isHidden();
        r.releaseDate = c.getReleaseDate();
        r.retractDate = c.getRetractDate();
        Map<String, List<String>> props = new LinkedHashMap<>();
        c.getProperties().forEach((k, v) -> props.put(k, new ArrayList<>(v)));
        r.properties = props;
        r.contentType = c.getContentType();
        r.contentLength = c.getContentLength();
        r.filePath = c.getFilePath();
        sakai.common.Audit a = c.getAudit();
        r.audit = new Audit(a.getCreatedBy(), a.getCreatedAt(), a.getModifiedBy(), a.getModifiedAt());
        r.body = c.getBody() == null ? null : c.getBody().clone();
        return r;
    }

    // ---- W4 -------------------------------------------------------------------------------------

    /** W4 as a cser object: message 12345 (type 1, active false). */
    public static bench.message.Message w4Cser() {
        return streamCser(W4_N);
    }

    /** W4 as a plain object. */
    public static Message w4Pojo() {
        return streamPojo(W4_N);
    }

    /** Message {@code n} of the W4 stream, the sequence of conformance/across ({@link Workloads#message}). */
    public static bench.message.Message streamCser(int n) {
        return Workloads.message(n);
    }

    /** {@link #streamCser(int)} as a plain object. */
    public static Message streamPojo(int n) {
        bench.message.Message m = streamCser(n);
        return new Message(m.getType(), m.isActive(), m.getUsername(), m.getUserid(), m.getData());
    }

    // ---- W5 -------------------------------------------------------------------------------------

    /** The system property that names the W5 JSON file (else it is looked for, see {@link #w5File()}). */
    public static final String W5_PROPERTY = "cser.w5";

    private static chem.MoleculeSet w5Loaded;
    private static boolean w5FromFile;

    /**
     * The W5 file: {@code -Dcser.w5=PATH}, else {@code benchmarks/target/data/w5_molecules.json}
     * found from the working directory upwards; null when there is none.
     */
    public static Path w5File() {
        String p = System.getProperty(W5_PROPERTY);
        if (p != null && !p.isEmpty()) {
            Path f = Path.of(p);
            return Files.isRegularFile(f) ? f.toAbsolutePath() : null;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path f = dir.resolve("benchmarks/target/data/w5_molecules.json");
            if (Files.isRegularFile(f)) {
                return f;
            }
            f = dir.resolve("target/data/w5_molecules.json"); // from benchmarks/
            if (Files.isRegularFile(f) && dir.getFileName() != null
                    && dir.getFileName().toString().equals("benchmarks")) {
                return f;
            }
        }
        return null;
    }

    /** Whether W5 comes from its file (false: the small built-in set, see {@link #w5BuiltIn()}). */
    public static synchronized boolean w5FromFile() {
        w5Master();
        return w5FromFile;
    }

    /**
     * Set by {@link RunAll} for its forks: W5 as cser bytes, written once by the parent so no fork
     * parses the JSON again; {@link #W5_FROM_FILE_PROPERTY} says where the parent got it.
     */
    public static final String W5_BIN_PROPERTY = "cser.w5.bin";
    /** "true" when the bytes of {@link #W5_BIN_PROPERTY} came from the W5 file. */
    public static final String W5_FROM_FILE_PROPERTY = "cser.w5.fromFile";

    private static synchronized chem.MoleculeSet w5Master() {
        if (w5Loaded == null) {
            String bin = System.getProperty(W5_BIN_PROPERTY);
            if (bin != null && Files.isRegularFile(Path.of(bin))) {
                try {
                    w5Loaded = chem.MoleculeSet.decode(Files.readAllBytes(Path.of(bin)));
                    w5FromFile = Boolean.parseBoolean(System.getProperty(W5_FROM_FILE_PROPERTY));
                    return w5Loaded;
                } catch (dev.cser.CserDecodeException e) {
                    throw new IllegalStateException(bin, e);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            Path f = w5File();
            if (f != null) {
                try {
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    @SuppressWarnings("unchecked")
                    Map<String, Object> root = (Map<String, Object>) Json.parse(text);
                    Map<String, Object> set = new LinkedHashMap<>();
                    set.put("molecules", root.get("molecules"));
                    w5Loaded = chem.MoleculeSet.fromJson(set);
                    w5FromFile = true;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else {
                System.err.println("WARNING: benchmarks/target/data/w5_molecules.json not found: W5 uses a small "
                        + "built-in set of " + w5BuiltIn().getMolecules().size() + " molecules (the full run builds "
                        + "the file first; set -D" + W5_PROPERTY + "=PATH to name it)");
                w5Loaded = w5BuiltIn();
                w5FromFile = false;
            }
        }
        return w5Loaded;
    }

    /** W5 as cser objects: the molecules of the W5 file (a fresh copy), or the built-in set. */
    public static chem.MoleculeSet w5Cser() {
        try {
            return chem.MoleculeSet.decode(w5Master().encode());
        } catch (dev.cser.CserDecodeException e) {
            throw new IllegalStateException(e);
        }
    }

    /** W5 as plain objects: a field-by-field copy of {@link #w5Cser()}. */
    public static MoleculeSet w5Pojo() {
        return toPojo(w5Master());
    }

    /** Copies cser molecules into the peers' plain classes. */
    public static MoleculeSet toPojo(chem.MoleculeSet s) {
        List<Molecule> out = new ArrayList<>(s.getMolecules().size());
        for (chem.Molecule m : s.getMolecules()) {
            List<Atom> atoms = new ArrayList<>(m.getAtoms().size());
            for (chem.Atom a : m.getAtoms()) {
                atoms.add(new Atom(a.getElement(), a.getCharge(), a.getImplicitHydrogens(), a.isAromatic()));
            }
            List<Bond> bonds = new ArrayList<>(m.getBonds().size());
            for (chem.Bond b : m.getBonds()) {
                bonds.add(new Bond(b.getBegin(), b.getEnd(), Bond.Order.valueOf(b.getOrder().name()),
                        Bond.Stereo.valueOf(b.getStereo().name())));
            }
            out.add(new Molecule(m.getName(), atoms, bonds, m.getCoords2d() == null ? null : m.getCoords2d().clone(),
                    m.getCoords3d() == null ? null : m.getCoords3d().clone()));
        }
        return new MoleculeSet(out);
    }

    /** A small stand-in for W5 when its file is absent: {@link Workloads#molecules()}. */
    public static chem.MoleculeSet w5BuiltIn() {
        return Workloads.molecules();
    }

    // ---- W6 -------------------------------------------------------------------------------------

    /** W6 as cser objects: the MediaContent of jvm-serializers. */
    public static bench.media.MediaContent w6Cser() {
        return Workloads.mediaContent();
    }

    /** W6 as the peers' plain objects: a copy of {@link #w6Cser()}. */
    public static MediaContent w6Pojo() {
        bench.media.MediaContent c = w6Cser();
        bench.media.Media m = c.getMedia();
        Media media = new Media(m.getUri(), m.getTitle(), m.getWidth(), m.getHeight(), m.getFormat(),
                m.getDuration(), m.getSize(), m.hasBitrate() ? m.getBitrate() : 0, m.hasBitrate(),
                new ArrayList<>(m.getPersons()), Media.Player.valueOf(m.getPlayer().name()), m.getCopyright());
        List<Image> images = new ArrayList<>(c.getImages().size());
        for (bench.media.Image i : c.getImages()) {
            images.add(new Image(i.getUri(), i.getTitle(), i.getWidth(), i.getHeight(),
                    Image.Size.valueOf(i.getSize().name())));
        }
        return new MediaContent(media, images);
    }

}
