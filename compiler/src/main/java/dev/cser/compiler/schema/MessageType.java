package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;
import java.util.ArrayList;
import java.util.List;

/** A record (evolvable, length-prefixed when nested) or a struct (frozen, no framing). */
public final class MessageType extends Declaration {
    private final boolean frozen;
    private List<Field> fields = List.of();

    MessageType(Location location, String packageName, String name, String doc, boolean frozen) {
        super(location, packageName, name, doc);
        this.frozen = frozen;
    }

    /** True for a struct, false for a record. */
    public boolean isStruct() {
        return frozen;
    }

    /** Every field in id order, deprecated ones included. */
    public List<Field> fields() {
        return fields;
    }

    /** How many optional fields (presence slots) the message has. */
    public int optionalCount() {
        return (int) fields.stream().filter(Field::isOptional).count();
    }

    /** The presence bytes of the body in order (SPEC §5.4): one per eight optional fields. */
    public List<PresenceGroup> presenceGroups() {
        List<PresenceGroup> groups = new ArrayList<>();
        List<Field> slots = new ArrayList<>();
        for (Field f : fields) {
            if (f.startsPresenceGroup() && !slots.isEmpty()) {
                groups.add(new PresenceGroup(groups.size(), slots));
                slots.clear();
            }
            if (f.isOptional()) {
                slots.add(f);
            }
        }
        if (!slots.isEmpty()) {
            groups.add(new PresenceGroup(groups.size(), slots));
        }
        return groups;
    }

    /**
     * The presence group whose byte a newer writer may extend (SPEC §5.5.1): a record's last
     * group when it has fewer than eight slots, else null (a struct never evolves; a full group
     * leaves no bit for an appended field, which then starts a new byte among the unknown bytes).
     */
    public PresenceGroup extensiblePresenceGroup() {
        if (frozen) {
            return null;
        }
        List<PresenceGroup> groups = presenceGroups();
        if (groups.isEmpty()) {
            return null;
        }
        PresenceGroup last = groups.get(groups.size() - 1);
        return last.bitsUsed() < 8 ? last : null;
    }

    /**
     * The bits of the byte of {@link #extensiblePresenceGroup()} that this schema does not know
     * and a record keeps as unknown presence bits (SPEC §5.5.1); 0 when there is no such group.
     */
    public int unknownPresenceMask() {
        PresenceGroup g = extensiblePresenceGroup();
        return g == null ? 0 : 0xFF & ~((1 << g.bitsUsed()) - 1);
    }

    /** The presence group whose byte is written just before {@code f}, or null when none is. */
    public PresenceGroup presenceGroupStartingAt(Field f) {
        return f.startsPresenceGroup() ? presenceGroups().get(f.presenceGroup()) : null;
    }

    /** The runs of two or more consecutive fixed-width fields (see {@link FixedWidthRun}). */
    public List<FixedWidthRun> fixedWidthRuns() {
        List<FixedWidthRun> runs = new ArrayList<>();
        List<Field> run = new ArrayList<>();
        for (Field f : fields) {
            if (FixedWidthRun.fits(f)) {
                run.add(f);
                continue;
            }
            if (run.size() >= 2) {
                runs.add(new FixedWidthRun(run));
            }
            run.clear();
        }
        if (run.size() >= 2) {
            runs.add(new FixedWidthRun(run));
        }
        return runs;
    }

    void setFields(List<Field> fields) {
        this.fields = List.copyOf(fields);
    }

    @Override
    public String keyword() {
        return frozen ? "struct" : "record";
    }
}
