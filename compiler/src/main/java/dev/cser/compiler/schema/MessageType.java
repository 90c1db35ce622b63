package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;
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

    void setFields(List<Field> fields) {
        this.fields = List.copyOf(fields);
    }

    @Override
    public String keyword() {
        return frozen ? "struct" : "record";
    }
}
