package dev.cser.examples;

import bench.employee.Employee;
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
import chem.Stereo;
import java.util.ArrayList;
import java.util.List;

/** The records of workloads W1-W6 (shared/workloads.md), with the data the seeds used. */
final class Workloads {
    private Workloads() {}

    /** W1: n EmptyData values, both collections empty. */
    static EmptyDataSet emptyDataSet(int n) {
        List<EmptyData> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new EmptyData());
        }
        return new EmptyDataSet().setItems(items);
    }

    /** W2: employee n of seed 001. */
    static Employee employee(int n) {
        return new Employee("LastName" + n, "FirstName" + n, "222-33-" + n, 34000 + n, n % 10);
    }

    /** W4: message n of seed 004. */
    static Message message(int n) {
        return new Message(n % 4, n % 2 == 0, "User_" + n, n, "data " + n);
    }

    /** W5: ethanol, CCO, with 2D coordinates. */
    static Molecule ethanol() {
        return new Molecule()
                .setName("ethanol")
                .setAtoms(new ArrayList<>(List.of(
                        new Atom((byte) 6, (byte) 0, (byte) 3, false),
                        new Atom((byte) 6, (byte) 0, (byte) 2, false),
                        new Atom((byte) 8, (byte) 0, (byte) 1, false))))
                .setBonds(new ArrayList<>(List.of(
                        new Bond(0, 1, BondOrder.SINGLE, Stereo.NONE),
                        new Bond(1, 2, BondOrder.SINGLE, Stereo.NONE))))
                .setCoords2d(new float[] {0f, 0f, 1.299f, 0.75f, 2.598f, 0f});
    }

    /** W6: the MediaContent of jvm-serializers. */
    static MediaContent mediaContent() {
        Media media = new Media()
                .setUri("http://javaone.com/keynote.mpg")
                .setTitle("Javaone Keynote")
                .setWidth(640)
                .setHeight(480)
                .setFormat("video/mpg4")
                .setDuration(18000000)
                .setSize(58982400)
                .setBitrate(262144)
                .setPersons(new ArrayList<>(List.of("Bill Gates", "Steve Jobs")))
                .setPlayer(Player.JAVA);
        Image large = new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Size.LARGE);
        Image small = new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Size.SMALL);
        return new MediaContent(media, new ArrayList<>(List.of(large, small)));
    }
}
