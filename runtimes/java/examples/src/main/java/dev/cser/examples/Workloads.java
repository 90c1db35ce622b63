package dev.cser.examples;

import bench.employee.Employee;
import bench.employee.Staff;
import bench.empty.EmptyData;
import bench.empty.EmptyDataSet;
import bench.media.Image;
import bench.media.Media;
import bench.media.MediaContent;
import bench.media.Player;
import bench.media.Size;
import bench.message.Message;
import chem.Atom;
import chem.Bond;
import chem.BondOrder;
import chem.Molecule;
import chem.MoleculeSet;
import chem.Stereo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The values of workloads W1–W6 (shared/workloads.md) with the data the seeds used, as generated
 * objects: the one Java copy, which the tests, the cross-language programs and the benchmarks
 * (benchmarks/java, through its Data class) all build from. W3 is {@link SakaiData}. Every call
 * builds fresh objects with mutable collections.
 */
public final class Workloads {
    private Workloads() {}

    /** W1: {@code n} EmptyData, each with its own empty map and list. */
    public static EmptyDataSet emptyDataSet(int n) {
        List<EmptyData> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new EmptyData(new LinkedHashMap<>(), new ArrayList<>()));
        }
        return new EmptyDataSet(items);
    }

    /** W2: employee {@code n} of seed 001. */
    public static Employee employee(int n) {
        return new Employee("LastName" + n, "FirstName" + n, "222-33-" + n, 34000 + n, n % 10);
    }

    /** W2: employees 0 to {@code n − 1}. */
    public static Staff staff(int n) {
        List<Employee> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(employee(i));
        }
        return new Staff(list);
    }

    /**
     * W4: message {@code n} of seed 004, as every language's sender and receiver build it (type
     * n % 4, active when n is even, "User_"+n, n, "data "+n).
     */
    public static Message message(int n) {
        return new Message(n % 4, n % 2 == 0, "User_" + n, n, "data " + n);
    }

    /** W5: ethanol, CCO, with 2D coordinates. */
    public static Molecule ethanol() {
        return new Molecule("ethanol",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 2, false), atom(8, 0, 1, false))),
                new ArrayList<>(List.of(bond(0, 1, BondOrder.SINGLE), bond(1, 2, BondOrder.SINGLE))),
                new float[] {0f, 0f, 1.299f, 0.75f, 2.598f, 0f}, null);
    }

    /**
     * W5 in small, for when the data set's file is absent: ethanol, benzene (aromatic, 3D
     * coordinates), acetate (a charge, no coordinates) and cis-2-butene (stereo on the double bond).
     */
    public static MoleculeSet molecules() {
        List<Molecule> ms = new ArrayList<>();
        ms.add(ethanol());
        List<Atom> ring = new ArrayList<>();
        List<Bond> ringBonds = new ArrayList<>();
        double[] xyz = new double[18];
        for (int i = 0; i < 6; i++) {
            ring.add(atom(6, 0, 1, true));
            ringBonds.add(bond(i, (i + 1) % 6, BondOrder.AROMATIC));
            xyz[3 * i] = 1.39 * Math.cos(i * Math.PI / 3);
            xyz[3 * i + 1] = 1.39 * Math.sin(i * Math.PI / 3);
        }
        ms.add(new Molecule("benzene", ring, ringBonds, null, xyz));
        ms.add(new Molecule("acetate",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 0, false), atom(8, 0, 0, false),
                        atom(8, -1, 0, false))),
                new ArrayList<>(List.of(bond(0, 1, BondOrder.SINGLE), bond(1, 2, BondOrder.DOUBLE),
                        bond(1, 3, BondOrder.SINGLE))),
                null, null));
        ms.add(new Molecule("cis-2-butene",
                new ArrayList<>(List.of(atom(6, 0, 3, false), atom(6, 0, 1, false), atom(6, 0, 1, false),
                        atom(6, 0, 3, false))),
                new ArrayList<>(List.of(bond(0, 1, BondOrder.SINGLE), new Bond(1, 2, BondOrder.DOUBLE, Stereo.CIS),
                        bond(2, 3, BondOrder.SINGLE))),
                new float[] {-1.3f, 0.75f, -0.65f, 0f, 0.65f, 0f, 1.3f, 0.75f}, null));
        return new MoleculeSet(ms);
    }

    private static Atom atom(int element, int charge, int hydrogens, boolean aromatic) {
        return new Atom((byte) element, (byte) charge, (byte) hydrogens, aromatic);
    }

    private static Bond bond(int begin, int end, BondOrder order) {
        return new Bond(begin, end, order, Stereo.NONE);
    }

    /** W6: the MediaContent of jvm-serializers (copyright absent). */
    public static MediaContent mediaContent() {
        Media media = new Media()
                .setUri("http://javaone.com/keynote.mpg")
                .setTitle("Javaone Keynote")
                .setWidth(640)
                .setHeight(480)
                .setFormat("video/mpg4")
                .setDuration(18000000L)
                .setSize(58982400L)
                .setBitrate(262144)
                .setPersons(new ArrayList<>(List.of("Bill Gates", "Steve Jobs")))
                .setPlayer(Player.JAVA);
        Image large = new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Size.LARGE);
        Image small = new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Size.SMALL);
        return new MediaContent(media, new ArrayList<>(List.of(large, small)));
    }
}
