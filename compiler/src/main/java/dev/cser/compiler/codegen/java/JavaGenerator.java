package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.OutputFile;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.SchemaFile;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Java target: a source file per declaration ({@code sakai/content/Image.java}), in schema
 * file then declaration order: a {@link MessageFile}, {@link EnumFile} or {@link UnionFile}.
 */
public final class JavaGenerator implements Generator {
    private final JavaTarget target = new JavaTarget();

    @Override
    public JavaTarget target() {
        return target;
    }

    @Override
    public List<OutputFile> outputModel(Schema schema) {
        // A field named like the first segment of a package would obscure that package in the
        // fully qualified names of its types (JLS §6.4.2).
        Set<String> packageRoots = new HashSet<>();
        schema.files().forEach(f -> f.declarations()
                .forEach(d -> packageRoots.add(Names.segments(target.packageName(d.packageName())).get(0))));
        target.assignClassNames(schema.files().stream().flatMap(f -> f.declarations().stream()).toList());
        MessageFileBuilder messages = new MessageFileBuilder(target, packageRoots);
        UnionFileBuilder unions = new UnionFileBuilder(target);
        List<OutputFile> files = new ArrayList<>();
        for (SchemaFile file : schema.files()) {
            for (Declaration d : file.declarations()) {
                String source = target.commentText(file.sourceName());
                Object model = d instanceof MessageType m ? messages.build(m, source)
                        : d instanceof UnionType u ? unions.build(u, source)
                        : enumFile((EnumType) d, source);
                files.add(new OutputFile(target.sourceFile(d), model));
            }
        }
        return files;
    }

    private EnumFile enumFile(EnumType e, String sourcePath) {
        List<EnumFile.Member> members = new ArrayList<>();
        for (var m : e.members()) {
            members.add(new EnumFile.Member(m.name(), m.value(), target.docLines(m.doc()), members.size()));
        }
        List<EnumFile.Member> byNumber = members.stream()
                .sorted(Comparator.comparingInt(EnumFile.Member::number)).toList();
        List<EnumFile.Chunk> chunks = new ArrayList<>();
        if (members.size() > EnumFile.LARGE) {
            for (int from = 0; from < members.size(); from += EnumFile.CHUNK) {
                chunks.add(new EnumFile.Chunk(chunks.size(),
                        members.subList(from, Math.min(members.size(), from + EnumFile.CHUNK))));
            }
        }
        return new EnumFile(target.packageName(e.packageName()), sourcePath, target.className(e), e.qualifiedName(),
                target.docLines(e.doc()), members, byNumber, List.copyOf(chunks), !chunks.isEmpty(),
                new CanonicalCode(CanonicalCode.cut(CanonicalText.lineOf(e)), List.of()));
    }
}
