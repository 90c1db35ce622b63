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
        List<bench.empty.EmptyData> items = new ArrayList<>(W1_ITEMS);
        for (int i = 0; i < W1_ITEMS; i++) {
            items.add(new bench.empty.EmptyData(new LinkedHashMap<>(), new ArrayList<>()));
        }
        return new bench.empty.EmptyDataSet(items);
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
        List<bench.employee.Employee> list = new ArrayList<>(W2_EMPLOYEES);
        for (int n = 0; n < W2_EMPLOYEES; n++) {
            list.add(new bench.employee.Employee("LastName" + n, "FirstName" + n, "222-33-" + n, 34000 + n, n % 10));
        }
        return new bench.employee.Staff(list);
    }

    /** W2 as plain objects. */
    public static Staff w2Pojo() {
        List<Employee> list = new ArrayList<>(W2_EMPLOYEES);
        for (int n = 0; n < W2_EMPLOYEES; n++) {
            list.add(new Employee("LastName" + n, "FirstName" + n, "222-33-" + n, 34000 + n, n % 10));
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
        return new bench.message.Message(1, false, "User_" + W4_N, W4_N, "data " + W4_N);
    }

    /** W4 as a plain object. */
    public static Message w4Pojo() {
        return new Message(1, false, "User_" + W4_N, W4_N, "data " + W4_N);
    }

    /**
     * Message {@code n} of the W4 stream, the sequence of conformance/across (type n % 4,
     * active when n is even, "User_"+n, n, "data "+n).
     */
    public static bench.message.Message streamCser(int n) {
        return new bench.message.Message(n % 4, n % 2 == 0, "User_" + n, n, "data " + n);
    }

    /** {@link #streamCser(int)} as a plain object. */
    public static Message streamPojo(int n) {
        return new Message(n % 4, n % 2 == 0, "User_" + n, n, "data " + n);
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

    /**
     * A small stand-in for W5 when its file is absent: ethanol, benzene, acetate and a
     * cis-alkene, hand-built, with and without coordinates.
     */
    public static chem.MoleculeSet w5BuiltIn() {
        List<chem.Molecule> ms = new ArrayList<>();
        // ethanol, CCO, with 2D coordinates
        ms.add(new chem.Molecule("ethanol",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 2, false), atom(8, 0, 1, false))),
                new ArrayList<>(List.of(bond(0, 1, chem.BondOrder.SINGLE), bond(1, 2, chem.BondOrder.SINGLE))),
                new float[] {0f, 0f, 1.299f, 0.75f, 2.598f, 0f}, null));
        // benzene, c1ccccc1, aromatic, with 3D coordinates
        List<chem.Atom> ring = new ArrayList<>();
        List<chem.Bond> ringBonds = new ArrayList<>();
        double[] xyz = new double[18];
        for (int i = 0; i < 6; i++) {
            ring.add(atom(6, 0, 1, true));
            ringBonds.add(bond(i, (i + 1) % 6, chem.BondOrder.AROMATIC));
            xyz[3 * i] = 1.39 * Math.cos(i * Math.PI / 3);
            xyz[3 * i + 1] = 1.39 * Math.sin(i * Math.PI / 3);
        }
        ms.add(new chem.Molecule("benzene", ring, ringBonds, null, xyz));
        // acetate, CC(=O)[O-], a charge, no coordinates
        ms.add(new chem.Molecule("acetate",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 0, false), atom(8, 0, 0, false),
                        atom(8, -1, 0, false))),
                new ArrayList<>(List.of(bond(0, 1, chem.BondOrder.SINGLE), bond(1, 2, chem.BondOrder.DOUBLE),
                        bond(1, 3, chem.BondOrder.SINGLE))),
                null, null));
        // cis-2-butene, C/C=C\C, stereo on the double bond
        ms.add(new chem.Molecule("cis-2-butene",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 1, false), atom(6, 0, 1, false),
                        atom(6, 0, 3, false))),
                new ArrayList<>(List.of(bond(0, 1, chem.BondOrder.SINGLE),
                        new chem.Bond(1, 2, chem.BondOrder.DOUBLE, chem.Stereo.CIS),
                        bond(2, 3, chem.BondOrder.SINGLE))),
                new float[] {-1.3f, 0.75f, -0.65f, 0f, 0.65f, 0f, 1.3f, 0.75f}, null));
        return new chem.MoleculeSet(ms);
    }

    private static chem.Atom atom(int element, int charge, int hydrogens, boolean aromatic) {
        return new chem.Atom((byte) element, (byte) charge, (byte) hydrogens, aromatic);
    }

    private static chem.Bond bond(int begin, int end, chem.BondOrder order) {
        return new chem.Bond(begin, end, order, chem.Stereo.NONE);
    }

    // ---- W6 -------------------------------------------------------------------------------------

    /** W6 as cser objects: the MediaContent of jvm-serializers. */
    public static bench.media.MediaContent w6Cser() {
        bench.media.Media media = new bench.media.Media()
                .setUri("http://javaone.com/keynote.mpg")
                .setTitle("Javaone Keynote")
                .setWidth(640)
                .setHeight(480)
                .setFormat("video/mpg4")
                .setDuration(18000000L)
                .setSize(58982400L)
                .setBitrate(262144)
                .setPersons(new ArrayList<>(List.of("Bill Gates", "Steve Jobs")))
                .setPlayer(bench.media.Player.JAVA);
        // copyright stays absent.
        List<bench.media.Image> images = new ArrayList<>(List.of(
                new bench.media.Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768,
                        bench.media.Size.LARGE),
                new bench.media.Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240,
                        bench.media.Size.SMALL)));
        return new bench.media.MediaContent().setMedia(media).setImages(images);
    }

    /** W6 as the peers' plain objects, with the same values as {@link #w6Cser()}. */
    public static MediaContent w6Pojo() {
        Media media = new Media("http://javaone.com/keynote.mpg", "Javaone Keynote", 640, 480, "video/mpg4",
                18000000L, 58982400L, 262144, true, new ArrayList<>(List.of("Bill Gates", "Steve Jobs")),
                Media.Player.JAVA, null);
        List<Image> images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL)));
        return new MediaContent(media, images);
    }
}
