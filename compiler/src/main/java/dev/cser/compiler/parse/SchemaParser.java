package dev.cser.compiler.parse;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.grammar.CserLexer;
import dev.cser.compiler.grammar.CserParser;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * Turns the text of one schema file into a {@link FileElement}. Syntax errors go to the
 * collector with their location; the parser recovers and the elements it could read are still
 * returned, so later passes can report their own errors in the same run.
 */
public final class SchemaParser {
    /** The lexer channel that {@code ///} doc comments are sent to (see Cser.g4). */
    private static final int DOC_CHANNEL = 2;

    private final String path;
    private final ErrorCollector errors;
    private CommonTokenStream tokens;

    private SchemaParser(String path, ErrorCollector errors) {
        this.path = path;
        this.errors = errors;
    }

    /** Parses {@code text}, naming it {@code path} in locations and errors. */
    public static FileElement parse(String path, String text, ErrorCollector errors) {
        return new SchemaParser(path, errors).run(text);
    }

    private FileElement run(String text) {
        BaseErrorListener listener = new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int col,
                    String msg, RecognitionException e) {
                // A character the lexer has no token for says so plainly, rather than listing every
                // token the parser expected instead.
                if (offending instanceof Token t && t.getType() == CserLexer.ERROR_CHAR) {
                    msg = "unexpected character '" + t.getText() + "'";
                }
                errors.at(new Location(path, line, col + 1), ErrorType.SYNTAX, shorten(msg));
            }
        };
        CserLexer lexer = new CserLexer(CharStreams.fromString(text, path));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        tokens = new CommonTokenStream(lexer);
        CserParser parser = new CserParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        CserParser.FileContext file = parser.file();

        String packageName = "";
        List<Location> packageParts = new ArrayList<>();
        String fileDoc = "";
        CserParser.PackageDeclContext pkg = file.packageDecl();
        if (pkg != null && pkg.qualifiedName() != null) {
            packageName = pkg.qualifiedName().getText();
            for (CserParser.IdentContext part : pkg.qualifiedName().ident()) {
                packageParts.add(at(part.getStart()));
            }
            fileDoc = docBefore(pkg);
        }
        List<FileElement.ImportElement> imports = new ArrayList<>();
        for (CserParser.ImportDeclContext imp : file.importDecl()) {
            if (imp.STRING_LITERAL() != null) {
                String quoted = imp.STRING_LITERAL().getText();
                String unquoted = quoted.substring(1, quoted.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
                imports.add(new FileElement.ImportElement(at(imp.STRING_LITERAL().getSymbol()), unquoted));
            }
        }
        List<TypeElement> types = new ArrayList<>();
        for (CserParser.DeclarationContext decl : file.declaration()) {
            TypeElement type = declaration(decl);
            if (type != null) {
                types.add(type);
            }
        }
        return new FileElement(path, packageName, List.copyOf(packageParts), fileDoc, List.copyOf(imports), List.copyOf(types));
    }

    private TypeElement declaration(CserParser.DeclarationContext decl) {
        if (decl.recordDecl() != null && decl.recordDecl().ident() != null) {
            CserParser.RecordDeclContext r = decl.recordDecl();
            return new TypeElement.Message(at(r.ident().getStart()), r.ident().getText(), docBefore(r), false,
                    fields(r.fieldDecl()));
        }
        if (decl.structDecl() != null && decl.structDecl().ident() != null) {
            CserParser.StructDeclContext s = decl.structDecl();
            return new TypeElement.Message(at(s.ident().getStart()), s.ident().getText(), docBefore(s), true,
                    fields(s.fieldDecl()));
        }
        if (decl.enumDecl() != null && decl.enumDecl().ident() != null) {
            CserParser.EnumDeclContext e = decl.enumDecl();
            List<EnumMemberElement> members = new ArrayList<>();
            for (CserParser.EnumMemberContext m : e.enumMember()) {
                if (m.ident() != null && m.INT_LITERAL() != null) {
                    String value = (m.MINUS() != null ? "-" : "") + m.INT_LITERAL().getText();
                    Location valueAt = at(m.MINUS() != null ? m.MINUS().getSymbol() : m.INT_LITERAL().getSymbol());
                    members.add(new EnumMemberElement(at(m.ident().getStart()), m.ident().getText(), value, valueAt,
                            docBefore(m)));
                }
            }
            return new TypeElement.Enum(at(e.ident().getStart()), e.ident().getText(), docBefore(e), List.copyOf(members));
        }
        if (decl.unionDecl() != null && decl.unionDecl().ident() != null) {
            CserParser.UnionDeclContext u = decl.unionDecl();
            List<FieldElement> variants = new ArrayList<>();
            for (CserParser.VariantDeclContext v : u.variantDecl()) {
                TypeRefElement type = type(v.type());
                if (type != null && v.ident() != null && v.INT_LITERAL() != null) {
                    variants.add(new FieldElement(at(v.ident().getStart()), v.ident().getText(), type,
                            v.INT_LITERAL().getText(), at(v.INT_LITERAL().getSymbol()), false, docBefore(v)));
                }
            }
            return new TypeElement.Union(at(u.ident().getStart()), u.ident().getText(), docBefore(u), List.copyOf(variants));
        }
        return null;
    }

    private List<FieldElement> fields(List<CserParser.FieldDeclContext> decls) {
        List<FieldElement> fields = new ArrayList<>();
        for (CserParser.FieldDeclContext f : decls) {
            TypeRefElement type = type(f.type());
            if (type != null && f.ident() != null && f.INT_LITERAL() != null) {
                fields.add(new FieldElement(at(f.ident().getStart()), f.ident().getText(), type,
                        f.INT_LITERAL().getText(), at(f.INT_LITERAL().getSymbol()), f.DEPRECATED() != null,
                        docBefore(f)));
            }
        }
        return List.copyOf(fields);
    }

    private TypeRefElement type(CserParser.TypeContext ctx) {
        if (ctx == null) {
            return null;
        }
        Location location = at(ctx.getStart());
        if (ctx instanceof CserParser.ListTypeContext list) {
            TypeRefElement element = type(list.type());
            return element == null ? null : new TypeRefElement.ListOf(location, element);
        }
        if (ctx instanceof CserParser.MapTypeContext map) {
            if (map.type().size() != 2) {
                return null;
            }
            TypeRefElement key = type(map.type(0));
            TypeRefElement value = type(map.type(1));
            return key == null || value == null ? null : new TypeRefElement.MapOf(location, key, value);
        }
        if (ctx instanceof CserParser.OptionalTypeContext optional) {
            TypeRefElement inner = type(optional.type());
            return inner == null ? null : new TypeRefElement.OptionalOf(location, inner);
        }
        if (ctx instanceof CserParser.NamedTypeContext named && named.qualifiedName() != null) {
            return new TypeRefElement.Named(location, named.qualifiedName().getText());
        }
        return null;
    }

    /**
     * ANTLR lists every token it would have accepted; past a handful that list hides the point.
     * "mismatched input 'x' expecting {a, b, c, d, e, ...}" becomes "unexpected 'x'", and so
     * does "missing {a, b, c, d, e, ...} at 'x'". Short lists are kept: they say what to write.
     */
    static String shorten(String msg) {
        int open = msg.indexOf('{');
        int close = msg.lastIndexOf('}');
        if (open < 0 || close < open || msg.substring(open, close).split(",").length <= 4) {
            return msg;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("^(?:mismatched input|extraneous input) ('.*?') expecting").matcher(msg);
        if (m.find()) {
            return "unexpected " + m.group(1);
        }
        m = java.util.regex.Pattern.compile("^missing \\{.*\\} at ('.*')$").matcher(msg);
        return m.find() ? "unexpected " + m.group(1) : msg;
    }

    /** The {@code ///} lines directly above a construct, without the slashes and one space. */
    private String docBefore(ParserRuleContext ctx) {
        List<Token> hidden = tokens.getHiddenTokensToLeft(ctx.getStart().getTokenIndex(), DOC_CHANNEL);
        if (hidden == null) {
            return "";
        }
        StringBuilder doc = new StringBuilder();
        for (Token t : hidden) {
            String line = t.getText().substring(3);
            if (line.startsWith(" ")) {
                line = line.substring(1);
            }
            if (doc.length() > 0) {
                doc.append('\n');
            }
            doc.append(line.stripTrailing());
        }
        return doc.toString();
    }

    private Location at(Token token) {
        return new Location(path, token.getLine(), token.getCharPositionInLine() + 1);
    }
}
