/*
 * cser._native: the optional C accelerator of the Python runtime (SPEC §12.3).
 *
 * A generated module describes its records, structs and unions once, at import, as nested
 * tuples (cser/descriptors.py documents their shape) and binds them (cser.bind.bind). When this
 * extension is built, bind.c turns those descriptors into the tables below, and reader.c and
 * writer.c read and write the wire format (SPEC §4-§8) by walking them: they build the same
 * Python objects as the runtime's Python interpreter of the same descriptors (cser/reader.py,
 * cser/writer.py: instances made without calling __init__, slots set directly), raise the same
 * cser.DecodeError with the same kind, offset and field path, and the same cser.EncodeError for
 * values the format cannot hold. The tests run every vector through both.
 *
 * Safety on untrusted input (SPEC §10): every length and count is checked against the bytes
 * that remain before anything is allocated; nesting is bounded by max_depth, by Python's
 * recursion limit (Py_EnterRecursiveCall) and by MAX_NATIVE_NESTING, so no input can overflow
 * the C stack.
 *
 * Files: native.h (this: the tables and the functions the files share), wire.h (the small
 * reading and writing helpers every codec file inlines), errors.c (raising DecodeError and
 * EncodeError, paths), reader.c (decoding), writer.c (encoding), collections.c (lists, maps and
 * their optionals, both ways), bind.c (descriptors -> TypeDefs), module.c (the TypeCodec type
 * and the module). Only PyInit__native is exported (setup.py compiles with -fvisibility=hidden).
 */
#ifndef CSER_NATIVE_H
#define CSER_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#if PY_VERSION_HEX < 0x030B0000
#define PyFloat_Pack4 _PyFloat_Pack4
#define PyFloat_Pack8 _PyFloat_Pack8
#define PyFloat_Unpack4 _PyFloat_Unpack4
#define PyFloat_Unpack8 _PyFloat_Unpack8
#endif

/* A function off the hot path (a record body that ends early, an error): kept out of its
 * callers, so that their hot loops are compiled as if it were not there. */
#if defined(__GNUC__) || defined(__clang__)
#define CSER_COLD __attribute__((cold, noinline))
#else
#define CSER_COLD
#endif

/* A static function of a header that a file including it may not call. */
#if defined(__GNUC__) || defined(__clang__)
#define CSER_MAYBE_UNUSED __attribute__((unused))
#else
#define CSER_MAYBE_UNUSED
#endif

/* The general case of a value, called when the inlined fast path of the common ones does not
 * apply: kept out of line, so that its large stack frame is not set up for every field. */
#if defined(__GNUC__) || defined(__clang__)
#define CSER_NOINLINE __attribute__((noinline))
#else
#define CSER_NOINLINE
#endif

/* A small fast path used in more than one place (a field's slot value, a value in a list): GCC
 * stopped inlining it once it had two callers, and W2's encode slowed (benchmarks/notes.md). */
#if defined(__GNUC__) || defined(__clang__)
#define CSER_INLINE inline __attribute__((always_inline))
#else
#define CSER_INLINE inline
#endif

/* A hint that memory at `p` is read soon (any address: it never faults). On x86-64 and arm64 an
 * asm statement: GCC 12 deleted __builtin_prefetch calls whose address it had loaded from memory
 * (collections.c's prefetch_fields compiled to nothing). */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define CSER_PREFETCH(p) __asm__ volatile("prefetcht0 %0" : : "m"(*(const char *)(p)))
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__)
#define CSER_PREFETCH(p) __asm__ volatile("prfm pldl1keep, %0" : : "Q"(*(const char *)(p)))
#elif defined(__GNUC__) || defined(__clang__)
#define CSER_PREFETCH(p) __builtin_prefetch(p)
#else
#define CSER_PREFETCH(p) ((void)(p))
#endif

/* f32 values bit for bit (SPEC §6). A C cast between float and double, and PyFloat_Pack4 /
 * PyFloat_Unpack4, set the quiet bit of a signalling NaN (0x7f800001 comes back 0x7fc00001);
 * NaNs are converted bit by bit instead, as cser/floats.py does (it says why these bits). */
static inline double f32_load(const uint8_t *p) {
    uint32_t b = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    double r;
    if ((b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0) {
        uint64_t d = (uint64_t)(b & 0x80000000u) << 32 | 0x7FF0000000000000ull | (uint64_t)(b & 0x007FFFFFu) << 29;
        memcpy(&r, &d, 8);
        return r;
    }
    float f;
    memcpy(&f, &b, 4);
    return (double)f;
}

/* Writes `v` as an f32 at `p`; -1 (nothing raised) if it is finite and beyond the f32 range. */
static inline int f32_store(double v, uint8_t *p) {
    uint32_t b;
    if (v != v) {
        uint64_t d;
        memcpy(&d, &v, 8);
        uint32_t m = (uint32_t)(d >> 29) & 0x007FFFFFu;
        b = (uint32_t)(d >> 32) & 0x80000000u;
        b |= 0x7F800000u | (m != 0 ? m : 0x00400000u);
    } else {
        float f = (float)v;
        if (isinf(f) && !isinf(v)) {
            return -1;
        }
        memcpy(&b, &f, 4);
    }
    p[0] = (uint8_t)b;
    p[1] = (uint8_t)(b >> 8);
    p[2] = (uint8_t)(b >> 16);
    p[3] = (uint8_t)(b >> 24);
    return 0;
}

/* Nesting beyond this is "depth exceeded" whatever max_depth says: it keeps the C stack of a
 * decode far below any thread's stack size (each level costs a few hundred bytes). */
#define MAX_NATIVE_NESTING 4000

/* The default maximum depth of an encode (cser.limits.MAX_DEPTH). */
#define MAX_DEPTH 64

/* Kinds of a value's type: the numbers cser/descriptors.py gives them. */
enum {
    K_BOOL = 1, K_I8, K_U8, K_I16, K_I32, K_I64, K_U16, K_U32, K_U64, K_F32, K_F64, K_STRING, K_BYTES,
    K_ENUM = 20, K_LIST, K_OPTLIST, K_MAP, K_OPTMAP, K_REF
};
/* Kinds of a declared type. */
enum { D_RECORD = 1, D_STRUCT = 2, D_UNION = 3 };

/* The most fields per record whose objects encode_records asks for ahead. */
#define MAX_PREFETCH 4

typedef struct TypeDef TypeDef;

/* The type of a value: a field, a list element, a map key or value, a union variant. */
typedef struct Spec {
    int kind;
    struct Spec *elem;   /* list element, map key */
    struct Spec *value;  /* map value */
    PyObject *enum_cls;  /* enums: the IntEnum class, called for numbers the schema does not name */
    PyObject *members;   /* enums: dict number -> member */
    PyObject *small[64]; /* enums: members numbered 0..63, borrowed from `members` */
    const char *name;    /* enums: "enum pkg.Color", for range errors */
    TypeDef *ref;        /* records, structs and unions */
} Spec;

typedef struct {
    PyObject *attr;      /* the attribute (interned), NULL for a deprecated field */
    Py_ssize_t offset;   /* the slot's offset in the instance, or -1: use getattr/setattr */
    PyObject *path;      /* "Image.uri", the segment decode errors put in their path */
    Spec *spec;
    int slot;            /* optional fields: the optional slot (SPEC §5.4); -1 otherwise */
    int optional;
    int group_start;     /* an optional field whose slot starts a group: its presence byte first */
    int group_size;      /* on a group start: the slots of the group */
    int bit;             /* optional fields: the bit of the slot in its group's presence byte */
    PyObject *zero;      /* live fields: the zero value, or what makes a fresh one (zero_call);
                            deprecated fields: their zero value's bytes (b"" if optional) */
    int zero_call;       /* `zero` is called for each zero value (list, dict, a class) */
    int kept;            /* deprecated fields: the index of their bytes in the tuple of kept
                            bytes (TypeDef.deprecated_offset); -1 for a live field */
} Field;

typedef struct {
    uint64_t tag;
    PyTypeObject *cls;
    Py_ssize_t offset;   /* the `value` slot */
    PyObject *path;      /* "Expr.lit" */
    Spec *spec;
} Variant;

struct TypeDef {
    int kind;
    PyTypeObject *cls;
    PyObject *type_name;   /* "edge.cases.Expr", for encode errors */
    PyObject *short_name;  /* "Expr", the path segment of an unknown union tag */
    Py_ssize_t nfields;
    Field *fields;
    Py_ssize_t nvariants;
    Variant *variants;
    /* Unions: the subclass that holds an unknown variant (SPEC §5.7), its `value` slot holding a
     * cser.unknown.UnknownVariant. */
    PyTypeObject *unknown_cls;
    Py_ssize_t unknown_value_offset;
    /* Records: their unknown fields (SPEC §5.5.1), kept in the slot `_cser_unknown` (None while
     * there are none) as a cser.unknown.UnknownFields. */
    Py_ssize_t unknown_offset; /* the slot's offset in the instance */
    int unknown_field;         /* the field whose presence byte may hold unknown bits, or -1 */
    int unknown_mask;          /* the bits of that byte the record does not use, or 0 */
    /* Records and structs with deprecated fields: the bytes each was read from (SPEC §5.5.1),
     * kept in the slot `_cser_deprecated`: None while none are kept, else a tuple of one bytes
     * or None per deprecated field, in id order (Field.kept). */
    Py_ssize_t ndeprecated;       /* how many deprecated fields it has; 0: no such slot */
    Py_ssize_t deprecated_offset; /* the slot's offset in the instance */
    /* Records: the size of the length varint of the last body encoded (0 before the first).
     * The next encode leaves that many bytes for it, so a record that is always large (a
     * top-level list of thousands of items) is not moved to make room for its length. */
    int len_size_hint;
    /* Records and structs: the slots of the fields that hold a list, map or record (at most
     * MAX_PREFETCH), whose objects a long list's encode asks for ahead (collections.c,
     * encode_records). */
    Py_ssize_t prefetch[MAX_PREFETCH];
    int nprefetch;
};

/* ---- errors.c ------------------------------------------------------------------------------ */

/* The kinds of cser.errors.DecodeErrorKind this extension raises. */
enum {
    KIND_TRUNCATED, KIND_OVERLONG_VARINT, KIND_BAD_VARINT, KIND_OUT_OF_RANGE, KIND_BAD_BOOL,
    KIND_BAD_UTF8, KIND_LENGTH_TOO_LARGE, KIND_DUPLICATE_MAP_KEY, KIND_BAD_PRESENCE,
    KIND_DEPTH_EXCEEDED, KIND_UNKNOWN_UNION_TAG, KIND_TRAILING_BYTES, KIND_COUNT
};

extern PyObject *DecodeError;  /* cser.errors.DecodeError */
extern PyObject *EncodeError;  /* cser.errors.EncodeError */
extern PyObject *S_push_field, *S_push_index, *S_push_key;

int errors_init(void);
int load_errors(void);
/* Raise DecodeError(kind, reason, offset) and return -1; cold: only malformed input gets here. */
int dec_error(int kind, Py_ssize_t offset, const char *fmt, ...);
int truncated(Py_ssize_t end);
/* While a DecodeError unwinds, prepend a path segment by calling its push_* method. */
void push_segment(PyObject *method, PyObject *arg);
void push_index(Py_ssize_t i);
/* While a DecodeError of a whole message unwinds: if the message starts with the stream magic
 * CSER (SPEC 8), set its hint to cser.errors.STREAM_HINT (read it as a stream instead). */
void add_stream_hint(const uint8_t *data, Py_ssize_t len);
/* A value the format cannot hold: EncodeError. */
int enc_error(const char *fmt, ...);
/* A value of the wrong Python type: TypeError, which encode() reports as EncodeError("cannot
 * encode <type>: ..."), as the Python writers do. */
int type_error(const char *fmt, ...);

/* ---- reader.c ------------------------------------------------------------------------------ */

typedef struct {
    const uint8_t *data;
    int nesting;   /* records, structs and unions entered, against MAX_NATIVE_NESTING */
    int gc_paused; /* the cyclic collector is paused for this decode (module.c, pause_gc) */
} Dec;

PyObject *decode_typedef(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);
/* Any value of the type `s` at *pos, *pos moved past it (a list's element, a map's key or value). */
PyObject *decode_value(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);
/* A string, kept out of line (a map key that the key cache does not take). */
PyObject *decode_str_outline(Dec *d, Py_ssize_t *pos, Py_ssize_t end);
/* A record's body filling data[pos:end] (a stream frame's content). */
PyObject *decode_record_body(TypeDef *td, Dec *d, Py_ssize_t pos, Py_ssize_t end, int depth);

/* ---- the output buffer (wire.h, wire.c) --------------------------------------------------- */

typedef struct {
    uint8_t *buf;
    Py_ssize_t len;
    Py_ssize_t cap;
    PyObject *bytes;     /* a whole message: the bytes object `buf` lies in, else NULL */
    uint8_t inline_buf[256];
} Out;

/* ---- wire.c: the output buffer, out of line --------------------------------------------- */

void out_init(Out *o);
/* A buffer inside a new bytes object of `hint` bytes (grown as needed), so that the message
 * is written where it is returned from, without a copy at the end: out_take_bytes. */
int out_init_bytes(Out *o, Py_ssize_t hint);
/* The bytes object of out_init_bytes cut to the bytes written (new reference), or NULL. */
PyObject *out_take_bytes(Out *o);
void out_free(Out *o);
/* Makes room for `n` more bytes (wire.h, out_reserve, checks first whether it is needed). */
int out_grow(Out *o, Py_ssize_t n);

/* ---- writer.c ------------------------------------------------------------------------------ */

/* A value of the type `s` (a field, a list's element, a map's key or value): the plain ones
 * inline (wire.h, encode_plain), records, lists and maps by their own functions, the rest by
 * encode_value_any. */
int encode_value(Spec *s, PyObject *x, Out *o, int depth);
/* Any value of any kind, with every check and error of SPEC §4-§7. */
int encode_value_any(Spec *s, PyObject *x, Out *o, int depth);
int encode_typedef(TypeDef *td, PyObject *x, Out *o, int depth);
/* A record's body alone (a stream frame's content), or a struct's fields. */
int encode_fields(TypeDef *td, PyObject *x, Out *o, int depth);
int too_deep(TypeDef *td);

/* ---- collections.c ------------------------------------------------------------------------- */

/* The codecs of one value that the collection rules call for each element, key and value:
 * reader.c's decode_value (and decode_str_outline for a map's string key) and writer.c's
 * encode_value and encode_typedef. module.c hands them over once (collections_init), so that
 * collections.c names neither file: the rules of a list sit below the codec of its elements, as
 * CserCollections.java takes an ElementReader, and the recursion value -> list -> value is no
 * circle of files. */
typedef struct {
    PyObject *(*read_element)(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth); /* decode_value */
    PyObject *(*read_string)(Dec *d, Py_ssize_t *pos, Py_ssize_t end);                       /* decode_str_outline */
    int (*write_element)(Spec *s, PyObject *x, Out *o, int depth);                           /* encode_value */
    int (*write_record)(TypeDef *td, PyObject *x, Out *o, int depth);                        /* encode_typedef */
} ElementCodecs;

void collections_init(const ElementCodecs *codecs);

/* list<T>, list<T?>, map<K, V> and map<K, V?> (`optionals`), read at *pos. */
PyObject *decode_list(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);
PyObject *decode_optlist(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);
PyObject *decode_map(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth, int optionals);
/* The same, written: `x` any sequence (a list), any mapping (a map). */
int encode_list(Spec *s, PyObject *x, Out *o, int depth);
int encode_optlist(Spec *s, PyObject *x, Out *o, int depth);
int encode_map(Spec *s, PyObject *x, Out *o, int depth, int optionals);

/* ---- bind.c -------------------------------------------------------------------------------- */

int bind_init(void);
PyObject *bind_types(PyObject *module, PyObject *types);

/* cser.unknown.UnknownFields (loaded on the first bind), and the names of its attributes and
 * of the slot a record keeps it in. */
extern PyObject *UnknownFieldsType;
extern PyObject *S_cser_unknown, *S_presence_bits, *S_data;
/* The name of the slot of a record's or struct's kept bytes of deprecated fields. */
extern PyObject *S_cser_deprecated;
/* cser.unknown.UnknownVariant, the private factory its decoders call (tag, payload), and the
 * names of its slots. */
extern PyObject *UnknownVariantType, *UnknownVariantFactory;
extern PyObject *S_tag_slot, *S_payload_slot;

/* ---- module.c ------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    TypeDef *td;
    Py_ssize_t size_hint; /* the size of the last message encoded: the next one's first buffer */
} TypeCodec;

extern PyTypeObject TypeCodecType;

#endif
