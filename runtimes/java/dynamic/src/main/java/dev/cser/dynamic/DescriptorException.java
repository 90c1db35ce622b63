package dev.cser.dynamic;

/**
 * Descriptors that do not describe a valid schema: a reference to a type the schema does not
 * hold, two types or fields of one name, fields out of id order, presence facts that do not fit
 * together. Thrown while building a {@link DynamicSchema}, never while reading or writing values.
 */
public class DescriptorException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public DescriptorException(String message) {
        super(message);
    }
}
