package dev.cser.compiler.parse;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.diag.Visible;
import dev.cser.compiler.grammar.CserLexer;
import dev.cser.compiler.grammar.CserParser;
import dev.cser.compiler.schema.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;

/**
 * Turns the text of one schema file into a {@link FileElement}. Syntax errors go to the
 * collector with their location; the parser recovers and the elements it could read are still
 * returned, so later passes can report their own errors in the same run.
 */
public final class SchemaParser {
    /** The lexer channel that {@code ///} doc comments are sent to (see Cser.g4). */
    private static final int DOC_CHANNEL = 2;

    /**
     * A file with a type nested deeper than this is not parsed: its nesting is reported and the
     * parse would only add echoes of it, at a cost that grows with the nesting.
     */
    private static final int UNPARSED_DEPTH = 4 * Limits.TYPE_DEPTH;

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
        SyntaxErrorListener listener = new SyntaxErrorListener();
        CserLexer lexer = new CserLexer(CharStreams.fromString(text, path));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        tokens = new CommonTokenStream(lexer);
        tokens.fill();
        int deepest = reportDeepTypes();
        boolean tooDeep = deepest > Limits.TYPE_DEPTH;
        if (deepest > UNPARSED_DEPTH) {
            // Reported; parsing it would cost time and stack in proportion to the nesting (ANTLR's
            // error recovery walks every open level), for no error worth adding.
            return new FileElement(path, "", List.of(), "", List.of(), List.of());
        }
        CserParser parser = new CserParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        CserParser.FileContext file;
        try {
            file = parser.file();
        } catch (StackOverflowError e) {
            // The parser recurses once per level of a type expression. A type nested thousands
            // deep may exhaust even cserc's large stack; it has been reported, with its location,
            // by reportDeepTypes, and nothing else of this file can be read reliably.
            if (!tooDeep) {
                throw e;
            }
            return new FileElement(path, "", List.of(), "", List.of(), List.of());
        }

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

    /**
     * Reports every type expression nested deeper than {@link Limits#TYPE_DEPTH} (SPEC §2.1),
     * found from the tokens before parsing: each {@code <} opens a level of list, map or optional,
     * so the count needs no parse tree, whose building would recurse as deep as the nesting. The
     * error is located at the keyword that opens the first level past the limit. Returns the
     * deepest nesting found.
     */
    private int reportDeepTypes() {
        int found = 0;
        int depth = 0;
        int deepest = 0;
        Token firstPast = null;
        for (Token t : tokens.getTokens()) {
            if (t.getChannel() != Token.DEFAULT_CHANNEL) {
                continue;
            }
            int type = t.getType();
            if (type == CserLexer.LT) {
                depth++;
                deepest = Math.max(deepest, depth);
                if (depth == Limits.TYPE_DEPTH + 1 && firstPast == null) {
                    Token keyword = previousDefault(t);
                    firstPast = keyword == null ? t : keyword;
                }
            } else if (type == CserLexer.GT) {
                depth = Math.max(0, depth - 1);
            }
            // A type expression ends at its field's name at the latest; an unclosed one at the
            // next ';', brace or the end of the file.
            boolean ends = depth == 0 || type == CserLexer.SEMI || type == CserLexer.LBRACE
                    || type == CserLexer.RBRACE || type == Token.EOF;
            if (ends) {
                if (firstPast != null) {
                    errors.at(at(firstPast), ErrorType.TYPE_TOO_DEEP, deepest, Limits.TYPE_DEPTH);
                }
                found = Math.max(found, deepest);
                depth = 0;
                deepest = 0;
                firstPast = null;
            }
        }
        return found;
    }

    private Token previousDefault(Token t) {
        for (int i = t.getTokenIndex() - 1; i >= 0; i--) {
            if (tokens.get(i).getChannel() == Token.DEFAULT_CHANNEL) {
                return tokens.get(i);
            }
        }
        return null;
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
        return type(ctx, 0);
    }

    /** The type at nesting {@code depth}; null past the limit (reported by reportDeepTypes). */
    private TypeRefElement type(CserParser.TypeContext ctx, int depth) {
        if (ctx == null || depth > Limits.TYPE_DEPTH) {
            return null;
        }
        Location location = at(ctx.getStart());
        if (ctx instanceof CserParser.ListTypeContext list) {
            TypeRefElement element = type(list.type(), depth + 1);
            return element == null ? null : new TypeRefElement.ListOf(location, element);
        }
        if (ctx instanceof CserParser.MapTypeContext map) {
            if (map.type().size() != 2) {
                return null;
            }
            TypeRefElement key = type(map.type(0), depth + 1);
            TypeRefElement value = type(map.type(1), depth + 1);
            return key == null || value == null ? null : new TypeRefElement.MapOf(location, key, value);
        }
        if (ctx instanceof CserParser.OptionalTypeContext optional) {
            TypeRefElement inner = type(optional.type(), depth + 1);
            return inner == null ? null : new TypeRefElement.OptionalOf(location, inner);
        }
        if (ctx instanceof CserParser.NamedTypeContext named && named.qualifiedName() != null) {
            return new TypeRefElement.Named(location, named.qualifiedName().getText());
        }
        return null;
    }

    /**
     * Reports syntax errors in the compiler's words rather than ANTLR's: a missing token is
     * reported just after the token it should follow (where the user has to type it), the
     * expected tokens are named as a user thinks of them ("a name", "a number"), a file without
     * a package, an unclosed body and an unterminated string say so. Because keywords are also
     * names, the parser's recovery often trips again a token or two later; an error within
     * {@link #CASCADE_TOKENS} tokens of the previous one is taken as an echo of it and dropped.
     */
    private final class SyntaxErrorListener extends BaseErrorListener {
        private static final int CASCADE_TOKENS = 3;
        private int lastErrorToken = -1;

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offending, int line, int col,
                String msg, RecognitionException e) {
            if (!(offending instanceof Token t) || !(recognizer instanceof Parser parser)) {
                errors.at(new Location(path, line, col + 1), ErrorType.SYNTAX, msg);
                return;
            }
            int index = visibleIndex(t);
            boolean echo = lastErrorToken >= 0 && index - lastErrorToken <= CASCADE_TOKENS;
            lastErrorToken = index;
            if (echo) {
                return;
            }
            IntervalSet expected = parser.getExpectedTokens();
            String wanted = describe(expected, parser);
            Token previous = previousToken(t);
            Token beforePrevious = previous == null ? null : previousToken(previous);
            Location where = at(t);
            String message;
            if (t.getType() == CserLexer.ERROR_CHAR) {
                message = t.getText().equals("\"")
                        ? "unterminated string: the closing '\"' is missing on this line"
                        : "unexpected character " + Visible.character(t.getText().codePointAt(0));
            } else if (expected.size() == 1 && expected.contains(CserLexer.PACKAGE)) {
                message = "missing package declaration: a schema file starts with 'package name;'";
                where = t.getType() == Token.EOF ? new Location(path, 1, 1) : where;
            } else if (t.getType() == CserLexer.PACKAGE) {
                message = "unexpected 'package': a file declares its package once, at the start";
            } else if (inMember(parser.getContext()) && (isDeclarationKeyword(previous) || isDeclarationKeyword(beforePrevious))) {
                // `enum Color {` read as a member: the body before it was never closed.
                Token keyword = isDeclarationKeyword(previous) ? previous : beforePrevious;
                message = "missing '}' before '" + keyword.getText() + "'";
                where = at(keyword);
            } else if (msg.startsWith("missing ") && previous != null && wanted != null) {
                message = "missing " + wanted + " after '" + previous.getText() + "'";
                where = after(previous);
            } else if (t.getType() == Token.EOF) {
                message = expected.contains(CserLexer.RBRACE) ? "missing '}' at end of file" : "unexpected end of file";
                where = previous == null ? where : after(previous);
            } else {
                message = "unexpected '" + t.getText() + "'" + (wanted == null ? "" : ", expecting " + wanted);
            }
            errors.at(where, ErrorType.SYNTAX, message);
        }

        /**
         * The index of {@code t} among the tokens that are not hidden: comments (on the hidden
         * channel for {@code cserc fmt}) do not widen the distance between two errors.
         */
        private int visibleIndex(Token t) {
            int index = 0;
            for (int i = 0; i < t.getTokenIndex(); i++) {
                if (tokens.get(i).getChannel() != Token.HIDDEN_CHANNEL) {
                    index++;
                }
            }
            return index;
        }

        /** The token before {@code t} on the default channel, or null at the start of the file. */
        private Token previousToken(Token t) {
            for (int i = t.getTokenIndex() - 1; i >= 0; i--) {
                if (tokens.get(i).getChannel() == Token.DEFAULT_CHANNEL) {
                    return tokens.get(i);
                }
            }
            return null;
        }

        private Location after(Token t) {
            return new Location(path, t.getLine(), t.getCharPositionInLine() + t.getText().length() + 1);
        }
    }

    private static boolean isDeclarationKeyword(Token t) {
        return t != null && (t.getType() == CserLexer.RECORD || t.getType() == CserLexer.STRUCT
                || t.getType() == CserLexer.ENUM || t.getType() == CserLexer.UNION);
    }

    /** Whether the parser is inside a field, enum member or union variant. */
    private static boolean inMember(ParserRuleContext ctx) {
        for (; ctx != null; ctx = ctx.getParent()) {
            if (ctx instanceof CserParser.FieldDeclContext || ctx instanceof CserParser.EnumMemberContext
                    || ctx instanceof CserParser.VariantDeclContext) {
                return true;
            }
        }
        return false;
    }

    /** Tokens that are names: an identifier, or a keyword (keywords are contextual, Cser.g4). */
    private static final Set<Integer> NAME_TOKENS = Set.of(CserLexer.IDENT, CserLexer.PACKAGE, CserLexer.IMPORT,
            CserLexer.RECORD, CserLexer.STRUCT, CserLexer.ENUM, CserLexer.UNION, CserLexer.DEPRECATED,
            CserLexer.LIST, CserLexer.MAP, CserLexer.OPTIONAL);

    /**
     * The expected tokens as a user names them: every keyword is also a name, so a set holding
     * IDENT is "a name". Null when more than three things would be listed: past that the list
     * hides the point.
     */
    private static String describe(IntervalSet expected, Parser parser) {
        boolean name = expected.contains(CserLexer.IDENT);
        List<String> items = new ArrayList<>();
        for (int type : expected.toList()) {
            if (name && NAME_TOKENS.contains(type)) {
                continue;
            }
            items.add(switch (type) {
                case Token.EOF -> "end of file";
                case CserLexer.INT_LITERAL -> "a number";
                case CserLexer.STRING_LITERAL -> "a quoted path";
                default -> parser.getVocabulary().getDisplayName(type);
            });
        }
        if (name) {
            items.add("a name");
        }
        if (items.isEmpty() || items.size() > 3) {
            return null;
        }
        String last = items.remove(items.size() - 1);
        return items.isEmpty() ? last : String.join(", ", items) + " or " + last;
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
