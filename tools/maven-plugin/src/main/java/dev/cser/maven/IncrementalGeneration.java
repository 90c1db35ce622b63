package dev.cser.maven;

import dev.cser.compiler.codegen.OutputDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One execution of a goal, without Maven: find the schemas, and unless the fingerprint kept in
 * the state file says nothing changed, compile them into the output directory and keep the new
 * fingerprint. The mojos give it their configuration and report what it did.
 *
 * @param roots the source roots (absolute)
 * @param includes include patterns under each root
 * @param excludes exclude patterns under each root
 * @param includeDirs where imports are looked up after the importing file's directory (absolute)
 * @param json generate the JSON mapping too
 * @param output the output directory (absolute)
 * @param stateFile where the fingerprint of the last generation is kept
 * @param settings what the output depends on besides the files (plugin, configuration)
 */
record IncrementalGeneration(List<Path> roots, List<String> includes, List<String> excludes, List<Path> includeDirs,
        boolean json, Path output, Path stateFile, List<String> settings) {

    /** What a run did. */
    sealed interface Outcome {}

    /** No schema matched; whatever an earlier run generated from them was removed. */
    record NoSchemas(OutputDirectory.Result removed) implements Outcome {}

    /** Nothing changed since the last generation, which is still in the output directory. */
    record UpToDate(int schemas) implements Outcome {}

    /** The schemas were compiled and the output written. */
    record Generated(int schemas, OutputDirectory.Result written) implements Outcome {}

    /**
     * Runs it.
     *
     * @throws JavaSourceGeneration.SchemaErrors if the schemas have errors (nothing is written,
     *     and the next run compiles again)
     */
    Outcome run() throws IOException, JavaSourceGeneration.SchemaErrors {
        List<Path> schemas = SchemaFiles.find(roots, includes, excludes);
        Path manifest = output.resolve(OutputDirectory.manifestName("java"));
        if (schemas.isEmpty()) {
            Files.deleteIfExists(stateFile);
            // Every schema was removed: so is what was generated from them.
            return new NoSchemas(OutputDirectory.write(output, "java", List.of()));
        }
        Optional<BuildState> previous = BuildState.read(stateFile);
        Set<Path> inputs = new LinkedHashSet<>(schemas);
        previous.ifPresent(s -> inputs.addAll(s.filesRead()));
        if (previous.isPresent() && Files.exists(manifest)
                && previous.get().fingerprint().equals(BuildState.fingerprint(settings, schemas, inputs))) {
            return new UpToDate(schemas.size());
        }
        // A failed run must not leave a state that makes the next one skip.
        Files.deleteIfExists(stateFile);
        JavaSourceGeneration.Outcome outcome = JavaSourceGeneration.run(schemas, includeDirs, json, output);
        if (outcome.written().ok()) {
            Set<Path> read = new LinkedHashSet<>(schemas);
            read.addAll(outcome.filesRead());
            new BuildState(BuildState.fingerprint(settings, schemas, read), List.copyOf(read)).write(stateFile);
        }
        return new Generated(schemas.size(), outcome.written());
    }
}
