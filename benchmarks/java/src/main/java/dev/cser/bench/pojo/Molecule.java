package dev.cser.bench.pojo;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** The peers' W5 molecule: the fields of {@code chem.Molecule}; absent coordinates are null. */
public final class Molecule implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public String name;
    public List<Atom> atoms;
    public List<Bond> bonds;
    /** Can be null. */
    public float[] coords2d;
    /** Can be null. */
    public double[] coords3d;

    /** For the serializers. */
    public Molecule() {}

    public Molecule(String name, List<Atom> atoms, List<Bond> bonds, float[] coords2d, double[] coords3d) {
        this.name = name;
        this.atoms = atoms;
        this.bonds = bonds;
        this.coords2d = coords2d;
        this.coords3d = coords3d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Molecule m && Objects.equals(name, m.name) && Objects.equals(atoms, m.atoms)
                && Objects.equals(bonds, m.bonds) && Arrays.equals(coords2d, m.coords2d)
                && Arrays.equals(coords3d, m.coords3d);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, atoms, bonds, Arrays.hashCode(coords2d), Arrays.hashCode(coords3d));
    }

    @Override
    public String toString() {
        return "Molecule{" + name + ", " + atoms.size() + " atoms, " + bonds.size() + " bonds}";
    }
}
