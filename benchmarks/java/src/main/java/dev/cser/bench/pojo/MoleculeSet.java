package dev.cser.bench.pojo;

import java.util.List;
import java.util.Objects;

/** The peers' W5 root: the molecules of one file. */
public final class MoleculeSet implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public List<Molecule> molecules;

    /** For the serializers. */
    public MoleculeSet() {}

    public MoleculeSet(List<Molecule> molecules) {
        this.molecules = molecules;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MoleculeSet m && Objects.equals(molecules, m.molecules);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(molecules);
    }

    @Override
    public String toString() {
        return "MoleculeSet{" + (molecules == null ? null : molecules.size() + " molecules") + "}";
    }
}
