/*
 * The .cser schema language. SPEC.md (beside this file) says what each construct means;
 * this grammar only says how it is spelled. Naming rules (PascalCase types, snake_case
 * fields, UPPER_SNAKE members) are checked by the compiler, not here, so that a wrongly
 * cased name gets a clear message instead of a syntax error.
 */
grammar Cser;

file
    : packageDecl importDecl* declaration* EOF
    ;

packageDecl
    : PACKAGE qualifiedName SEMI
    ;

importDecl
    : IMPORT STRING_LITERAL SEMI
    ;

declaration
    : recordDecl
    | structDecl
    | enumDecl
    | unionDecl
    ;

recordDecl
    : RECORD ident LBRACE fieldDecl* RBRACE
    ;

structDecl
    : STRUCT ident LBRACE fieldDecl* RBRACE
    ;

fieldDecl
    : DEPRECATED? type ident EQ INT_LITERAL SEMI
    ;

enumDecl
    : ENUM ident LBRACE enumMember* RBRACE
    ;

enumMember
    : ident EQ MINUS? INT_LITERAL SEMI
    ;

unionDecl
    : UNION ident LBRACE variantDecl* RBRACE
    ;

variantDecl
    : type ident EQ INT_LITERAL SEMI
    ;

type
    : LIST LT type GT                   # listType
    | MAP LT type COMMA type GT         # mapType
    | OPTIONAL LT type GT               # optionalType
    | qualifiedName                     # namedType
    ;

qualifiedName
    : ident (DOT ident)*
    ;

/* Keywords are contextual: a field may be called `record` or `map`. */
ident
    : IDENT
    | PACKAGE | IMPORT | RECORD | STRUCT | ENUM | UNION | DEPRECATED | LIST | MAP | OPTIONAL
    ;

PACKAGE    : 'package';
IMPORT     : 'import';
RECORD     : 'record';
STRUCT     : 'struct';
ENUM       : 'enum';
UNION      : 'union';
DEPRECATED : 'deprecated';
LIST       : 'list';
MAP        : 'map';
OPTIONAL   : 'optional';

LBRACE : '{';
RBRACE : '}';
LT     : '<';
GT     : '>';
COMMA  : ',';
SEMI   : ';';
EQ     : '=';
DOT    : '.';
MINUS  : '-';

INT_LITERAL    : [0-9]+;
IDENT          : [A-Za-z_] [A-Za-z0-9_]*;
STRING_LITERAL : '"' (~["\\\r\n] | '\\' ["\\])* '"';

/* Doc comments go to their own channel; the compiler attaches them to the next declaration.
 * Other comments go to the hidden channel: the parser never sees them, `cserc fmt` keeps them. */
DOC_COMMENT   : '///' ~[\r\n]* -> channel(2);
LINE_COMMENT  : '//' ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN);
WS            : [ \t\r\n\f]+ -> skip;

/* Anything else becomes one token so the parser reports it where it stands. */
ERROR_CHAR : .;
