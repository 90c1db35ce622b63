package dev.cser.compiler.command;

import dev.cser.compiler.diag.Diagnostic;
import dev.cser.compiler.diag.DiagnosticFormatter;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** How every command reports misuse and schema errors, so that all of them read alike. */
public final class Reporting {
    private Reporting() {}

    /** A wrong command line: {@code cserc: MESSAGE}, then the command's usage, on stderr; exit status 2. */
    public static int usageError(Command command, PrintStream err, String message) {
        err.println("cserc: " + message);
        err.print(command.usage());
        return 2;
    }

    /** Schema errors in the compiler's format ({@code path:line:col: error: ...}, the line, a caret). */
    public static void schemaErrors(PrintStream err, Map<String, List<String>> sources, List<Diagnostic> diagnostics) {
        err.print(new DiagnosticFormatter(sources).formatAll(diagnostics));
    }

    /** The closing count line: {@code 1 error}, {@code 3 errors}. */
    public static void errorCount(PrintStream err, int count) {
        err.println(count + (count == 1 ? " error" : " errors"));
    }
}
