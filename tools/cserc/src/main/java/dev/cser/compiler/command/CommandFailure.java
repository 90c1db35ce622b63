package dev.cser.compiler.command;

/**
 * A command has reported why it cannot go on (on stderr) and ends with {@link #status()}: lets
 * the steps shared by several commands ({@link DataInputs}) stop them without each checking.
 */
final class CommandFailure extends Exception {
    private static final long serialVersionUID = 1L;

    private final int status;

    CommandFailure(int status) {
        super(null, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
