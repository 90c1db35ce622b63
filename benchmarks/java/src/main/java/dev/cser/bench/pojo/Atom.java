package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W5 atom: the fields of {@code chem.Atom} (u8/i8 as Java bytes, as cser's generated class). */
public final class Atom implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public byte element;
    public byte charge;
    public byte implicitHydrogens;
    public boolean aromatic;

    /** For the serializers. */
    public Atom() {}

    public Atom(byte element, byte charge, byte implicitHydrogens, boolean aromatic) {
        this.element = element;
        this.charge = charge;
        this.implicitHydrogens = implicitHydrogens;
        this.aromatic = aromatic;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Atom a && element == a.element && charge == a.charge
                && implicitHydrogens == a.implicitHydrogens && aromatic == a.aromatic;
    }

    @Override
    public int hashCode() {
        return Objects.hash(element, charge, implicitHydrogens, aromatic);
    }

    @Override
    public String toString() {
        return "Atom{" + element + ", " + charge + ", " + implicitHydrogens + ", " + aromatic + "}";
    }
}
