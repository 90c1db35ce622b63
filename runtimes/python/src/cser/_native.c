/*
 * cser._native: the optional C accelerator of the Python runtime (SPEC §12.3).
 *
 * A generated module describes its records, structs and unions once, at import, as nested
 * tuples (cser/native.py documents their shape) and binds them here. The C code then reads and
 * writes the wire format (SPEC §4-§8) by walking those descriptions: it builds the same Python
 * objects as the generated pure-Python readers (instances made without calling __init__, slots
 * set directly), raises the same cser.DecodeError with the same kind, offset and field path,
 * and the same cser.EncodeError for values the format cannot hold. The pure-Python code stays
 * in every generated module as the fallback and as the readable reference; the tests run the
 * same vectors through both.
 *
 * Safety on untrusted input (SPEC §10): every length and count is checked against the bytes
 * that remain before anything is allocated; nesting is bounded by max_depth, by Python's
 * recursion limit (Py_EnterRecursiveCall) and by MAX_NATIVE_NESTING, so no input can overflow
 * the C stack.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#if PY_VERSION_HEX < 0x030B0000
#define PyFloat_Pack4 _PyFloat_Pack4
#define PyFloat_Pack8 _PyFloat_Pack8
#define PyFloat_Unpack4 _PyFloat_Unpack4
#define PyFloat_Unpack8 _PyFloat_Unpack8
#endif

/* Nesting beyond this is "depth exceeded" whatever max_depth says: it keeps the C stack of a
 * decode far below any thread's stack size (each level costs a few hundred bytes). */
#define MAX_NATIVE_NESTING 4000

/* Kinds of a value's type: the numbers cser/native.py gives them. */
enum {
    K_BOOL = 1, K_I8, K_U8, K_I16, K_I32, K_I64, K_U16, K_U32, K_U64, K_F32, K_F64, K_STRING, K_BYTES,
    K_ENUM = 20, K_LIST, K_OPTLIST, K_MAP, K_OPTMAP, K_REF
};
/* Kinds of a declared type. */
enum { D_RECORD = 1, D_STRUCT = 2, D_UNION = 3 };

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
    int optional;
    int group_start;     /* an optional field whose slot starts a group: its presence byte first */
    int group_size;      /* on a group start: the slots of the group */
    int bit;             /* optional fields: the bit of the slot in its group's presence byte */
    PyObject *zero_bytes;/* deprecated non-optional fields: the bytes written in their place */
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
    PyObject *short_name;  /* unions: "Expr", the path segment of an unknown tag */
    PyObject *zero_fn;     /* records: _zero_X(v, start), for a body that ends early */
    Py_ssize_t nfields;
    Field *fields;
    Py_ssize_t nvariants;
    Variant *variants;
};

/* ---- module state (one interpreter) ------------------------------------------------------- */

static PyObject *DecodeError;      /* cser.errors.DecodeError */
static PyObject *EncodeError;      /* cser.errors.EncodeError */
static PyObject *KindMembers[16];  /* cser.errors.DecodeErrorKind members, by KIND_* */
static PyObject *Registry;         /* class -> capsule(TypeDef *) of every bound type */
static PyObject *S_push_field, *S_push_index, *S_push_key;

enum {
    KIND_TRUNCATED, KIND_OVERLONG_VARINT, KIND_BAD_VARINT, KIND_OUT_OF_RANGE, KIND_BAD_BOOL,
    KIND_BAD_UTF8, KIND_LENGTH_TOO_LARGE, KIND_DUPLICATE_MAP_KEY, KIND_BAD_PRESENCE,
    KIND_DEPTH_EXCEEDED, KIND_UNKNOWN_UNION_TAG, KIND_TRAILING_BYTES, KIND_COUNT
};
static const char *const KIND_NAMES[KIND_COUNT] = {
    "TRUNCATED", "OVERLONG_VARINT", "BAD_VARINT", "OUT_OF_RANGE", "BAD_BOOL", "BAD_UTF8",
    "LENGTH_TOO_LARGE", "DUPLICATE_MAP_KEY", "BAD_PRESENCE", "DEPTH_EXCEEDED",
    "UNKNOWN_UNION_TAG", "TRAILING_BYTES",
};

static int load_errors(void) {
    if (DecodeError != NULL) {
        return 0;
    }
    PyObject *mod = PyImport_ImportModule("cser.errors");
    if (mod == NULL) {
        return -1;
    }
    PyObject *kinds = PyObject_GetAttrString(mod, "DecodeErrorKind");
    if (kinds == NULL) {
        Py_DECREF(mod);
        return -1;
    }
    for (int i = 0; i < KIND_COUNT; i++) {
        KindMembers[i] = PyObject_GetAttrString(kinds, KIND_NAMES[i]);
        if (KindMembers[i] == NULL) {
            Py_DECREF(kinds);
            Py_DECREF(mod);
            return -1;
        }
    }
    Py_DECREF(kinds);
    EncodeError = PyObject_GetAttrString(mod, "EncodeError");
    DecodeError = PyObject_GetAttrString(mod, "DecodeError");
    Py_DECREF(mod);
    return DecodeError != NULL && EncodeError != NULL ? 0 : -1;
}

/* ---- errors --------------------------------------------------------------------------------- */

/* Raises DecodeError(kind, reason, offset); returns -1. Cold: only malformed input gets here. */
static int dec_error(int kind, Py_ssize_t offset, const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    PyObject *reason = PyUnicode_FromFormatV(fmt, va);
    va_end(va);
    if (reason == NULL) {
        return -1;
    }
    PyObject *err = PyObject_CallFunction(DecodeError, "OOn", KindMembers[kind], reason, offset);
    Py_DECREF(reason);
    if (err != NULL) {
        PyErr_SetObject(DecodeError, err);
        Py_DECREF(err);
    }
    return -1;
}

static int truncated(Py_ssize_t end) {
    return dec_error(KIND_TRUNCATED, end, "the input ends inside a value");
}

/* While a DecodeError unwinds, prepends a path segment by calling its push_* method. */
static void push_segment(PyObject *method, PyObject *arg) {
    if (!PyErr_ExceptionMatches(DecodeError)) {
        return;
    }
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyObject *r = PyObject_CallMethodOneArg(value, method, arg);
    if (r == NULL) {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return;
    }
    Py_DECREF(r);
    PyErr_Restore(type, value, tb);
}

static void push_index(Py_ssize_t i) {
    PyObject *index = PyLong_FromSsize_t(i);
    if (index != NULL) {
        push_segment(S_push_index, index);
        Py_DECREF(index);
    }
}

static int raise_formatted(PyObject *type, const char *fmt, va_list va) {
    PyObject *msg = PyUnicode_FromFormatV(fmt, va);
    if (msg != NULL) {
        PyErr_SetObject(type, msg);
        Py_DECREF(msg);
    }
    return -1;
}

/* A value the format cannot hold: EncodeError as it is. */
static int enc_error(const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    raise_formatted(EncodeError, fmt, va);
    va_end(va);
    return -1;
}

/* A value of the wrong Python type: TypeError, which encode() reports as EncodeError("cannot
 * encode <type>: ..."), as the pure-Python writers do. */
static int type_error(const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    raise_formatted(PyExc_TypeError, fmt, va);
    va_end(va);
    return -1;
}

/* ---- reading primitives (SPEC §4) ----------------------------------------------------------- */

typedef struct {
    const uint8_t *data;
    int nesting; /* records, structs and unions entered, against MAX_NATIVE_NESTING */
} Dec;

static const char *range_name(uint64_t max) {
    switch (max) {
    case 0xFFFF: return "u16 (or zigzag i16)";
    case 0xFFFFFFFF: return "u32 (or zigzag i32)";
    case 0x7FFFFFFF: return "an enum (0..2^31-1)";
    default: return "u64";
    }
}

static int read_varint_slow(Dec *d, Py_ssize_t *pos, Py_ssize_t end, uint64_t max, uint64_t *out) {
    Py_ssize_t p = *pos;
    const Py_ssize_t start = p;
    uint64_t result = 0;
    int shift = 0;
    for (;;) {
        if (p >= end) {
            return truncated(end);
        }
        uint8_t b = d->data[p];
        if (shift == 63) {
            /* The 10th byte: only 00 (overlong) or 01 (the top bit) are possible. */
            if (b == 1) {
                result |= (uint64_t)1 << 63;
                p++;
                break;
            }
            if (b == 0) {
                return dec_error(KIND_OVERLONG_VARINT, p, "varint is not minimal");
            }
            return dec_error(KIND_BAD_VARINT, p, "varint longer than 64 bits");
        }
        if (b < 0x80) {
            if (b == 0 && p > start) {
                return dec_error(KIND_OVERLONG_VARINT, p, "varint is not minimal");
            }
            result |= (uint64_t)b << shift;
            p++;
            break;
        }
        result |= (uint64_t)(b & 0x7F) << shift;
        shift += 7;
        p++;
    }
    if (result > max) {
        PyObject *v = PyLong_FromUnsignedLongLong(result);
        if (v == NULL) {
            return -1;
        }
        dec_error(KIND_OUT_OF_RANGE, start, "%S does not fit %s", v, range_name(max));
        Py_DECREF(v);
        return -1;
    }
    *out = result;
    *pos = p;
    return 0;
}

/* A varint no larger than `max` (at least 0xFFFF, so a one-byte varint always fits). */
static inline int read_varint(Dec *d, Py_ssize_t *pos, Py_ssize_t end, uint64_t max, uint64_t *out) {
    Py_ssize_t p = *pos;
    if (p < end && d->data[p] < 0x80) {
        *out = d->data[p];
        *pos = p + 1;
        return 0;
    }
    return read_varint_slow(d, pos, end, max, out);
}

/* A byte length: LENGTH_TOO_LARGE if above the bytes that remain before `end`. */
static inline int read_length(Dec *d, Py_ssize_t *pos, Py_ssize_t end, Py_ssize_t *n) {
    const Py_ssize_t start = *pos;
    uint64_t v = 0;
    if (read_varint(d, pos, end, UINT64_MAX, &v) < 0) {
        return -1;
    }
    if (v > (uint64_t)(end - *pos)) {
        return dec_error(KIND_LENGTH_TOO_LARGE, start, "length %llu exceeds the %zd bytes that remain",
                         (unsigned long long)v, end - *pos);
    }
    *n = (Py_ssize_t)v;
    return 0;
}

/* A count of elements of at least `width` bytes each, or of optionals (SPEC §4). */
static int read_count(Dec *d, Py_ssize_t *pos, Py_ssize_t end, int width, int optionals, Py_ssize_t *n) {
    const Py_ssize_t start = *pos;
    uint64_t v = 0;
    if (read_varint(d, pos, end, UINT64_MAX, &v) < 0) {
        return -1;
    }
    uint64_t left = (uint64_t)(end - *pos);
    if (optionals) {
        uint64_t limit = 8 * left < 0x7FFFFFFF ? 8 * left : 0x7FFFFFFF;
        if (v > limit) {
            return dec_error(KIND_LENGTH_TOO_LARGE, start, "count %llu of optionals exceeds 8 x the %llu bytes that remain",
                             (unsigned long long)v, (unsigned long long)left);
        }
    } else if (v > left / (uint64_t)width) {
        return dec_error(KIND_LENGTH_TOO_LARGE, start, "count %llu of %d-byte elements exceeds the %llu bytes that remain",
                         (unsigned long long)v, width, (unsigned long long)left);
    }
    *n = (Py_ssize_t)v;
    return 0;
}

/* ---- decoding values ------------------------------------------------------------------------ */

static PyObject *decode_typedef(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);
static PyObject *decode_record_body(TypeDef *td, Dec *d, Py_ssize_t pos, Py_ssize_t end, int depth);

static PyObject *decode_str(Dec *d, Py_ssize_t *pos, Py_ssize_t end) {
    Py_ssize_t n = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_length(d, pos, end, &n) < 0) {
        return NULL;
    }
    const Py_ssize_t p = *pos;
    PyObject *s = PyUnicode_DecodeUTF8((const char *)d->data + p, n, "strict");
    if (s == NULL) {
        /* Python's strict decoder rejects what RFC 3629 does: surrogates, overlong forms,
         * code points past U+10FFFF, truncated and stray continuation bytes. */
        if (PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyErr_NormalizeException(&type, &value, &tb);
            Py_ssize_t bad = 0;
            if (PyUnicodeDecodeError_GetStart(value, &bad) < 0) {
                PyErr_Clear();
            }
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
            dec_error(KIND_BAD_UTF8, p + bad, "invalid UTF-8");
        }
        return NULL;
    }
    *pos = p + n;
    return s;
}

static PyObject *decode_enum(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end) {
    uint64_t u = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_varint(d, pos, end, 0x7FFFFFFF, &u) < 0) {
        return NULL;
    }
    if (u < 64 && s->small[u] != NULL) {
        return Py_NewRef(s->small[u]);
    }
    PyObject *number = PyLong_FromUnsignedLongLong(u);
    if (number == NULL) {
        return NULL;
    }
    PyObject *member = PyDict_GetItemWithError(s->members, number);
    if (member != NULL) {
        Py_DECREF(number);
        return Py_NewRef(member);
    }
    if (PyErr_Occurred()) {
        Py_DECREF(number);
        return NULL;
    }
    /* A number the schema does not name: the open enum keeps it (SPEC §12.3). */
    member = PyObject_CallOneArg(s->enum_cls, number);
    Py_DECREF(number);
    return member;
}

static PyObject *decode_value(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth);

/* list<T> where T is fixed-width or a varint scalar: no per-element path segments needed except
 * for the element that fails, which gets its index. */
static PyObject *decode_list(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    Spec *e = s->elem;
    int width = e->kind == K_F32 ? 4 : e->kind == K_F64 ? 8 : 1;
    Py_ssize_t n = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_count(d, pos, end, width, 0, &n) < 0) {
        return NULL;
    }
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    Py_ssize_t p = *pos;
    const uint8_t *data = d->data;
    switch (e->kind) {
    case K_F64:
        for (Py_ssize_t i = 0; i < n; i++, p += 8) {
            PyObject *x = PyFloat_FromDouble(PyFloat_Unpack8((const char *)data + p, 1));
            if (x == NULL) {
                goto fail;
            }
            PyList_SET_ITEM(list, i, x);
        }
        *pos = p;
        return list;
    case K_F32:
        for (Py_ssize_t i = 0; i < n; i++, p += 4) {
            PyObject *x = PyFloat_FromDouble(PyFloat_Unpack4((const char *)data + p, 1));
            if (x == NULL) {
                goto fail;
            }
            PyList_SET_ITEM(list, i, x);
        }
        *pos = p;
        return list;
    case K_U8:
    case K_I8:
        for (Py_ssize_t i = 0; i < n; i++, p++) {
            long b = data[p];
            if (e->kind == K_I8 && b > 0x7F) {
                b -= 0x100;
            }
            PyList_SET_ITEM(list, i, PyLong_FromLong(b));
        }
        *pos = p;
        return list;
    case K_BOOL:
        for (Py_ssize_t i = 0; i < n; i++, p++) {
            if (data[p] > 1) {
                dec_error(KIND_BAD_BOOL, p, "bool byte 0x%02x is neither 00 nor 01", data[p]);
                goto fail;
            }
            PyList_SET_ITEM(list, i, Py_NewRef(data[p] ? Py_True : Py_False));
        }
        *pos = p;
        return list;
    default:
        break;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = decode_value(e, d, pos, end, depth);
        if (x == NULL) {
            /* Packed varint lists report no index, like the pure-Python bulk readers. */
            if (e->kind >= K_STRING) {
                push_index(i);
            }
            goto fail;
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

/* Reads the presence byte of slots i..i+7 of a list or map of n optionals. */
static int read_list_presence(Dec *d, Py_ssize_t *pos, Py_ssize_t end, Py_ssize_t i, Py_ssize_t n, int *pb) {
    if (*pos >= end) {
        return truncated(end);
    }
    int b = d->data[*pos];
    if (n - i < 8 && b >= (1 << (n - i))) {
        return dec_error(KIND_BAD_PRESENCE, *pos, "presence byte 0x%02x sets bits past the %zd slots", b, n - i);
    }
    *pb = b;
    (*pos)++;
    return 0;
}

static PyObject *decode_optlist(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    Py_ssize_t n = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_count(d, pos, end, 1, 1, &n) < 0) {
        return NULL;
    }
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        return NULL;
    }
    int pb = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((i & 7) == 0 && read_list_presence(d, pos, end, i, n, &pb) < 0) {
            goto fail;
        }
        PyObject *x;
        if (pb & (1 << (i & 7))) {
            x = decode_value(s->elem, d, pos, end, depth);
            if (x == NULL) {
                push_index(i);
                goto fail;
            }
        } else {
            x = Py_NewRef(Py_None);
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

static int map_put(PyObject *map, PyObject *k, PyObject *v, Py_ssize_t pos) {
    int has = PyDict_Contains(map, k);
    if (has != 0) {
        if (has > 0) {
            dec_error(KIND_DUPLICATE_MAP_KEY, pos, "duplicate map key %R", k);
        }
        return -1;
    }
    return PyDict_SetItem(map, k, v);
}

static PyObject *decode_map(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth, int optionals) {
    Py_ssize_t n = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_count(d, pos, end, 1, optionals, &n) < 0) {
        return NULL;
    }
    PyObject *map = PyDict_New();
    if (map == NULL) {
        return NULL;
    }
    int pb = 0xFF;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (optionals && (i & 7) == 0 && read_list_presence(d, pos, end, i, n, &pb) < 0) {
            goto fail;
        }
        PyObject *k = decode_value(s->elem, d, pos, end, depth);
        if (k == NULL) {
            goto fail;
        }
        PyObject *v;
        if (pb & (1 << (i & 7))) {
            v = decode_value(s->value, d, pos, end, depth);
            if (v == NULL) {
                push_segment(S_push_key, k);
                Py_DECREF(k);
                goto fail;
            }
        } else {
            v = Py_NewRef(Py_None);
        }
        int r = map_put(map, k, v, *pos);
        Py_DECREF(k);
        Py_DECREF(v);
        if (r < 0) {
            goto fail;
        }
    }
    return map;
fail:
    Py_DECREF(map);
    return NULL;
}

static PyObject *decode_value(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    const uint8_t *data = d->data;
    Py_ssize_t p = *pos;
    uint64_t u = 0;
    switch (s->kind) {
    case K_BOOL:
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        if (data[p] > 1) {
            dec_error(KIND_BAD_BOOL, p, "bool byte 0x%02x is neither 00 nor 01", data[p]);
            return NULL;
        }
        *pos = p + 1;
        return Py_NewRef(data[p] ? Py_True : Py_False);
    case K_I8:
    case K_U8: {
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        long b = data[p];
        if (s->kind == K_I8 && b > 0x7F) {
            b -= 0x100;
        }
        *pos = p + 1;
        return PyLong_FromLong(b);
    }
    case K_I16:
    case K_I32:
    case K_I64:
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        if (read_varint(d, pos, end, s->kind == K_I16 ? 0xFFFF : s->kind == K_I32 ? 0xFFFFFFFF : UINT64_MAX, &u) < 0) {
            return NULL;
        }
        return PyLong_FromLongLong((long long)((u >> 1) ^ (~(u & 1) + 1)));
    case K_U16:
    case K_U32:
    case K_U64:
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        if (read_varint(d, pos, end, s->kind == K_U16 ? 0xFFFF : s->kind == K_U32 ? 0xFFFFFFFF : UINT64_MAX, &u) < 0) {
            return NULL;
        }
        return PyLong_FromUnsignedLongLong(u);
    case K_F32:
        if (p + 4 > end) {
            truncated(end);
            return NULL;
        }
        *pos = p + 4;
        return PyFloat_FromDouble(PyFloat_Unpack4((const char *)data + p, 1));
    case K_F64:
        if (p + 8 > end) {
            truncated(end);
            return NULL;
        }
        *pos = p + 8;
        return PyFloat_FromDouble(PyFloat_Unpack8((const char *)data + p, 1));
    case K_STRING:
        return decode_str(d, pos, end);
    case K_BYTES: {
        Py_ssize_t n = 0;
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        if (read_length(d, pos, end, &n) < 0) {
            return NULL;
        }
        PyObject *b = PyBytes_FromStringAndSize((const char *)data + *pos, n);
        *pos += n;
        return b;
    }
    case K_ENUM:
        return decode_enum(s, d, pos, end);
    case K_LIST:
        return decode_list(s, d, pos, end, depth);
    case K_OPTLIST:
        return decode_optlist(s, d, pos, end, depth);
    case K_MAP:
        return decode_map(s, d, pos, end, depth, 0);
    case K_OPTMAP:
        return decode_map(s, d, pos, end, depth, 1);
    case K_REF:
        return decode_typedef(s->ref, d, pos, end, depth);
    default:
        PyErr_SetString(PyExc_SystemError, "cser._native: unknown type kind");
        return NULL;
    }
}

static inline int set_slot(PyObject *obj, Py_ssize_t offset, PyObject *attr, PyObject *value) {
    if (offset >= 0) {
        PyObject **slot = (PyObject **)((char *)obj + offset);
        PyObject *old = *slot;
        *slot = value;
        Py_XDECREF(old);
        return 0;
    }
    int r = PyObject_SetAttr(obj, attr, value);
    Py_DECREF(value);
    return r;
}

/* Enters one level of nesting: the depth limit (SPEC §7), then the C stack's. */
static int enter(Dec *d, int depth, Py_ssize_t pos) {
    if (depth <= 0) {
        return dec_error(KIND_DEPTH_EXCEEDED, pos, "nesting deeper than the maximum depth");
    }
    if (d->nesting >= MAX_NATIVE_NESTING || Py_EnterRecursiveCall(" while decoding cser")) {
        PyErr_Clear();
        return dec_error(KIND_DEPTH_EXCEEDED, pos, "nesting deeper than the native decoder's stack allows");
    }
    d->nesting++;
    return 0;
}

static void leave(Dec *d) {
    d->nesting--;
    Py_LeaveRecursiveCall();
}

/* The fields of a record body (`record`: ends early = zero fields, extra bytes skipped) or of a
 * struct (every field present, presence bits past the last slot rejected). */
static PyObject *decode_fields(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    const int record = td->kind == D_RECORD;
    PyObject *v = td->cls->tp_alloc(td->cls, 0);
    if (v == NULL) {
        return NULL;
    }
    int pb = 0;
    for (Py_ssize_t f = 0; f < td->nfields; f++) {
        Field *fd = &td->fields[f];
        if (record && *pos >= end && (!fd->optional || fd->group_start)) {
            /* The body ends before this field: an older writer; it and the rest are zero. */
            PyObject *start = PyLong_FromSsize_t(f);
            if (start == NULL) {
                goto fail;
            }
            PyObject *r = PyObject_CallFunctionObjArgs(td->zero_fn, v, start, NULL);
            Py_DECREF(start);
            if (r == NULL) {
                goto fail;
            }
            Py_DECREF(r);
            *pos = end;
            return v;
        }
        PyObject *x;
        if (fd->optional) {
            if (fd->group_start) {
                if (*pos >= end) {
                    truncated(end);
                    goto fail_field;
                }
                pb = d->data[*pos];
                if (!record && pb >= (1 << fd->group_size)) {
                    dec_error(KIND_BAD_PRESENCE, *pos, "presence byte 0x%02x sets bits past the %d slots", pb,
                              fd->group_size);
                    goto fail_field;
                }
                (*pos)++;
            }
            if (pb & fd->bit) {
                x = decode_value(fd->spec, d, pos, end, depth);
                if (x == NULL) {
                    goto fail_field;
                }
            } else {
                x = Py_NewRef(Py_None);
            }
        } else {
            x = decode_value(fd->spec, d, pos, end, depth);
            if (x == NULL) {
                goto fail_field;
            }
        }
        if (fd->attr == NULL) {
            Py_DECREF(x); /* deprecated: read and dropped */
        } else if (set_slot(v, fd->offset, fd->attr, x) < 0) {
            goto fail;
        }
        continue;
    fail_field:
        push_segment(S_push_field, fd->path);
        goto fail;
    }
    if (record) {
        *pos = end; /* bytes after the known fields: a newer writer's, skipped */
    }
    return v;
fail:
    Py_DECREF(v);
    return NULL;
}

static PyObject *decode_record_body(TypeDef *td, Dec *d, Py_ssize_t pos, Py_ssize_t end, int depth) {
    if (enter(d, depth, pos) < 0) {
        return NULL;
    }
    PyObject *v = decode_fields(td, d, &pos, end, depth - 1);
    leave(d);
    return v;
}

static PyObject *decode_union(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    uint64_t tag = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_varint(d, pos, end, 0xFFFFFFFF, &tag) < 0) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < td->nvariants; i++) {
        Variant *var = &td->variants[i];
        if (var->tag != tag) {
            continue;
        }
        PyObject *x = decode_value(var->spec, d, pos, end, depth);
        if (x == NULL) {
            push_segment(S_push_field, var->path);
            return NULL;
        }
        PyObject *v = var->cls->tp_alloc(var->cls, 0);
        if (v == NULL) {
            Py_DECREF(x);
            return NULL;
        }
        set_slot(v, var->offset, NULL, x);
        return v;
    }
    dec_error(KIND_UNKNOWN_UNION_TAG, *pos, "unknown tag %llu of union %S", (unsigned long long)tag, td->type_name);
    PyObject *seg = PyUnicode_FromFormat("%S.<tag %llu>", td->short_name, (unsigned long long)tag);
    if (seg != NULL) {
        push_segment(S_push_field, seg);
        Py_DECREF(seg);
    }
    return NULL;
}

static PyObject *decode_typedef(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    if (td->kind == D_RECORD) {
        /* A record: its length, then its body (SPEC §5.5). */
        Py_ssize_t n = 0;
        if (*pos >= end) {
            truncated(end);
            return NULL;
        }
        if (read_length(d, pos, end, &n) < 0) {
            return NULL;
        }
        Py_ssize_t body = *pos;
        *pos = body + n;
        return decode_record_body(td, d, body, body + n, depth);
    }
    if (enter(d, depth, *pos) < 0) {
        return NULL;
    }
    PyObject *v = td->kind == D_STRUCT ? decode_fields(td, d, pos, end, depth - 1)
                                       : decode_union(td, d, pos, end, depth - 1);
    leave(d);
    return v;
}

/* ---- writing -------------------------------------------------------------------------------- */

typedef struct {
    uint8_t *buf;
    Py_ssize_t len;
    Py_ssize_t cap;
    uint8_t inline_buf[256];
} Out;

static int out_grow(Out *o, Py_ssize_t n) {
    Py_ssize_t cap = o->cap * 2;
    while (cap < o->len + n) {
        cap *= 2;
    }
    uint8_t *buf;
    if (o->buf == o->inline_buf) {
        buf = PyMem_Malloc((size_t)cap);
        if (buf != NULL) {
            memcpy(buf, o->buf, (size_t)o->len);
        }
    } else {
        buf = PyMem_Realloc(o->buf, (size_t)cap);
    }
    if (buf == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    o->buf = buf;
    o->cap = cap;
    return 0;
}

static inline int out_reserve(Out *o, Py_ssize_t n) {
    return o->len + n <= o->cap ? 0 : out_grow(o, n);
}

static void out_init(Out *o) {
    o->buf = o->inline_buf;
    o->len = 0;
    o->cap = (Py_ssize_t)sizeof o->inline_buf;
}

/* A buffer that holds `hint` bytes without growing (a large message is encoded in one go). */
static int out_init_sized(Out *o, Py_ssize_t hint) {
    out_init(o);
    return hint > o->cap ? out_grow(o, hint - o->len) : 0;
}

static void out_free(Out *o) {
    if (o->buf != o->inline_buf) {
        PyMem_Free(o->buf);
    }
}

static inline int varint_size(uint64_t v) {
    int n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

static inline void put_varint(Out *o, uint64_t v) {
    while (v >= 0x80) {
        o->buf[o->len++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    o->buf[o->len++] = (uint8_t)v;
}

static inline int write_varint(Out *o, uint64_t v) {
    if (out_reserve(o, 10) < 0) {
        return -1;
    }
    put_varint(o, v);
    return 0;
}

static int write_raw(Out *o, const void *p, Py_ssize_t n) {
    if (out_reserve(o, n + 10) < 0) {
        return -1;
    }
    put_varint(o, (uint64_t)n);
    memcpy(o->buf + o->len, p, (size_t)n);
    o->len += n;
    return 0;
}

static int not_int(PyObject *x, const char *type_name) {
    return type_error("%R is not an integer (%s)", x, type_name);
}

static int out_of_range(PyObject *x, const char *type_name) {
    return enc_error("%R is out of range for %s", x, type_name);
}

/* An integer of a signed type of `bits` bits, or -1 with EncodeError. */
static int get_signed(PyObject *x, int bits, const char *type_name, long long *out) {
    if (!PyLong_Check(x)) {
        return not_int(x, type_name);
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow || (bits < 64 && (v < -(1LL << (bits - 1)) || v > (1LL << (bits - 1)) - 1))) {
        return out_of_range(x, type_name);
    }
    *out = v;
    return 0;
}

static int get_unsigned(PyObject *x, uint64_t max, const char *type_name, uint64_t *out) {
    if (!PyLong_Check(x)) {
        return not_int(x, type_name);
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(x);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) {
            return -1;
        }
        PyErr_Clear();
        return out_of_range(x, type_name);
    }
    if (v > max) {
        return out_of_range(x, type_name);
    }
    *out = v;
    return 0;
}

static inline int get_double(PyObject *x, double *out) {
    if (PyFloat_CheckExact(x)) {
        *out = PyFloat_AS_DOUBLE(x);
        return 0;
    }
    double v = PyFloat_AsDouble(x);
    if (v == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        return type_error("%R is not a float", x);
    }
    *out = v;
    return 0;
}

static int encode_typedef(TypeDef *td, PyObject *x, Out *o, int depth);

static int encode_value(Spec *s, PyObject *x, Out *o, int depth);

/* The elements of a list (any sequence) as a borrowed array (NULL when empty); `*seq` must be
 * released. Returns -1 with EncodeError for a value that is not a sequence. */
static int seq_items(PyObject *x, PyObject **seq, PyObject ***items, Py_ssize_t *n) {
    *seq = PySequence_Fast(x, "a list value must be a sequence");
    if (*seq == NULL) {
        PyErr_Clear();
        return type_error("%R is not a list", x);
    }
    *n = PySequence_Fast_GET_SIZE(*seq);
    *items = PySequence_Fast_ITEMS(*seq);
    return 0;
}

static int encode_list(Spec *s, PyObject *x, Out *o, int depth) {
    PyObject *seq;
    Py_ssize_t n = 0;
    PyObject **items;
    if (seq_items(x, &seq, &items, &n) < 0) {
        return -1;
    }
    int r = -1;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    Spec *e = s->elem;
    if (e->kind == K_F64 || e->kind == K_F32) {
        int w = e->kind == K_F64 ? 8 : 4;
        if (out_reserve(o, w * n) < 0) {
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            double v = 0;
            if (get_double(items[i], &v) < 0) {
                goto done;
            }
            int ok = w == 8 ? PyFloat_Pack8(v, (char *)o->buf + o->len, 1) : PyFloat_Pack4(v, (char *)o->buf + o->len, 1);
            if (ok < 0) {
                PyErr_Clear();
                enc_error("%R does not fit f32", items[i]);
                goto done;
            }
            o->len += w;
        }
        r = 0;
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (encode_value(e, items[i], o, depth) < 0) {
            goto done;
        }
    }
    r = 0;
done:
    Py_DECREF(seq);
    return r;
}

static int encode_optlist(Spec *s, PyObject *x, Out *o, int depth) {
    PyObject *seq;
    Py_ssize_t n = 0;
    PyObject **items;
    if (seq_items(x, &seq, &items, &n) < 0) {
        return -1;
    }
    int r = -1;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((i & 7) == 0) {
            uint8_t pb = 0;
            for (Py_ssize_t j = i; j < n && j < i + 8; j++) {
                if (items[j] != Py_None) {
                    pb |= (uint8_t)(1 << (j - i));
                }
            }
            if (out_reserve(o, 1) < 0) {
                goto done;
            }
            o->buf[o->len++] = pb;
        }
        if (items[i] != Py_None && encode_value(s->elem, items[i], o, depth) < 0) {
            goto done;
        }
    }
    r = 0;
done:
    Py_DECREF(seq);
    return r;
}

static int encode_map(Spec *s, PyObject *x, Out *o, int depth, int optionals) {
    PyObject *items;
    if (PyDict_Check(x)) {
        items = PyDict_Items(x);
    } else {
        /* Any mapping: its items() in order, as the pure-Python writers iterate them. */
        PyObject *it = PyObject_CallMethod(x, "items", NULL);
        if (it == NULL) {
            PyErr_Clear();
            return type_error("%R is not a map", x);
        }
        items = PySequence_List(it);
        Py_DECREF(it);
    }
    if (items == NULL) {
        return -1;
    }
    Py_ssize_t n = PyList_GET_SIZE(items);
    int r = -1;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *entry = PyList_GET_ITEM(items, i);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 2) {
            type_error("%R is not a map", x);
            goto done;
        }
        PyObject *k = PyTuple_GET_ITEM(entry, 0);
        PyObject *v = PyTuple_GET_ITEM(entry, 1);
        if (optionals && (i & 7) == 0) {
            uint8_t pb = 0;
            for (Py_ssize_t j = i; j < n && j < i + 8; j++) {
                PyObject *e = PyList_GET_ITEM(items, j);
                if (PyTuple_Check(e) && PyTuple_GET_SIZE(e) == 2 && PyTuple_GET_ITEM(e, 1) != Py_None) {
                    pb |= (uint8_t)(1 << (j - i));
                }
            }
            if (out_reserve(o, 1) < 0) {
                goto done;
            }
            o->buf[o->len++] = pb;
        }
        if (encode_value(s->elem, k, o, depth) < 0) {
            goto done;
        }
        if ((!optionals || v != Py_None) && encode_value(s->value, v, o, depth) < 0) {
            goto done;
        }
    }
    r = 0;
done:
    Py_DECREF(items);
    return r;
}

static int encode_value(Spec *s, PyObject *x, Out *o, int depth) {
    long long sv = 0;
    uint64_t uv = 0;
    double dv = 0;
    switch (s->kind) {
    case K_BOOL: {
        int t = PyObject_IsTrue(x);
        if (t < 0 || out_reserve(o, 1) < 0) {
            return -1;
        }
        o->buf[o->len++] = (uint8_t)t;
        return 0;
    }
    case K_I8:
        if (get_signed(x, 8, "i8", &sv) < 0 || out_reserve(o, 1) < 0) {
            return -1;
        }
        o->buf[o->len++] = (uint8_t)sv;
        return 0;
    case K_U8:
        if (get_unsigned(x, 0xFF, "u8", &uv) < 0 || out_reserve(o, 1) < 0) {
            return -1;
        }
        o->buf[o->len++] = (uint8_t)uv;
        return 0;
    case K_I16:
    case K_I32:
    case K_I64: {
        int bits = s->kind == K_I16 ? 16 : s->kind == K_I32 ? 32 : 64;
        if (get_signed(x, bits, bits == 16 ? "i16" : bits == 32 ? "i32" : "i64", &sv) < 0) {
            return -1;
        }
        uint64_t z = ((uint64_t)sv << 1) ^ (uint64_t)(sv >> 63);
        return write_varint(o, z);
    }
    case K_U16:
        if (get_unsigned(x, 0xFFFF, "u16", &uv) < 0) {
            return -1;
        }
        return write_varint(o, uv);
    case K_U32:
        if (get_unsigned(x, 0xFFFFFFFF, "u32", &uv) < 0) {
            return -1;
        }
        return write_varint(o, uv);
    case K_U64:
        if (get_unsigned(x, UINT64_MAX, "u64", &uv) < 0) {
            return -1;
        }
        return write_varint(o, uv);
    case K_ENUM:
        if (get_unsigned(x, 0x7FFFFFFF, s->name, &uv) < 0) {
            return -1;
        }
        return write_varint(o, uv);
    case K_F32:
    case K_F64:
        if (get_double(x, &dv) < 0 || out_reserve(o, 8) < 0) {
            return -1;
        }
        if (s->kind == K_F64) {
            PyFloat_Pack8(dv, (char *)o->buf + o->len, 1);
            o->len += 8;
        } else {
            if (PyFloat_Pack4(dv, (char *)o->buf + o->len, 1) < 0) {
                PyErr_Clear();
                return enc_error("%R does not fit f32", x);
            }
            o->len += 4;
        }
        return 0;
    case K_STRING: {
        if (!PyUnicode_Check(x)) {
            return type_error("%R is not a str", x);
        }
        if (PyUnicode_IS_COMPACT_ASCII(x)) {
            /* ASCII is its own UTF-8: copied straight from the str object. */
            return write_raw(o, PyUnicode_DATA(x), PyUnicode_GET_LENGTH(x));
        }
        Py_ssize_t n = 0;
        const char *p = PyUnicode_AsUTF8AndSize(x, &n);
        if (p == NULL) {
            Py_ssize_t at = 0;
            if (PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) {
                PyObject *type, *value, *tb;
                PyErr_Fetch(&type, &value, &tb);
                PyErr_NormalizeException(&type, &value, &tb);
                if (PyUnicodeEncodeError_GetStart(value, &at) < 0) {
                    PyErr_Clear();
                }
                Py_XDECREF(type);
                Py_XDECREF(value);
                Py_XDECREF(tb);
                return enc_error("string holds a lone surrogate at index %zd", at);
            }
            return -1;
        }
        return write_raw(o, p, n);
    }
    case K_BYTES: {
        if (PyBytes_CheckExact(x)) {
            return write_raw(o, PyBytes_AS_STRING(x), PyBytes_GET_SIZE(x));
        }
        Py_buffer view;
        if (PyObject_GetBuffer(x, &view, PyBUF_SIMPLE) < 0) {
            PyErr_Clear();
            return type_error("%R is not bytes", x);
        }
        int r = write_raw(o, view.buf, view.len);
        PyBuffer_Release(&view);
        return r;
    }
    case K_LIST:
        return encode_list(s, x, o, depth);
    case K_OPTLIST:
        return encode_optlist(s, x, o, depth);
    case K_MAP:
        return encode_map(s, x, o, depth, 0);
    case K_OPTMAP:
        return encode_map(s, x, o, depth, 1);
    case K_REF:
        return encode_typedef(s->ref, x, o, depth);
    default:
        PyErr_SetString(PyExc_SystemError, "cser._native: unknown type kind");
        return -1;
    }
}

/* The value of a field: its slot read directly when `x` is an instance of the class, else
 * getattr (duck typing, as the pure-Python writers allow). New reference. */
static inline PyObject *get_field(PyObject *x, int instance, Field *fd) {
    if (instance && fd->offset >= 0) {
        PyObject *v = *(PyObject **)((char *)x + fd->offset);
        if (v == NULL) {
            type_error("%R has no attribute %R", x, fd->attr);
            return NULL;
        }
        return Py_NewRef(v);
    }
    PyObject *v = PyObject_GetAttr(x, fd->attr);
    if (v == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        type_error("no attribute %R", fd->attr);
    }
    return v;
}

/* The fields in id order, with a presence byte before each group of eight optional slots. */
static int encode_fields(TypeDef *td, PyObject *x, Out *o, int depth) {
    const int instance = PyObject_TypeCheck(x, td->cls);
    for (Py_ssize_t f = 0; f < td->nfields; f++) {
        Field *fd = &td->fields[f];
        if (fd->group_start) {
            uint8_t pb = 0;
            for (Py_ssize_t g = f, slots = 0; g < td->nfields && slots < fd->group_size; g++) {
                Field *gf = &td->fields[g];
                if (!gf->optional) {
                    continue;
                }
                slots++;
                if (gf->attr == NULL) {
                    continue; /* deprecated: always absent */
                }
                PyObject *v = get_field(x, instance, gf);
                if (v == NULL) {
                    return -1;
                }
                if (v != Py_None) {
                    pb |= (uint8_t)gf->bit;
                }
                Py_DECREF(v);
            }
            if (out_reserve(o, 1) < 0) {
                return -1;
            }
            o->buf[o->len++] = pb;
        }
        if (fd->attr == NULL) {
            if (!fd->optional) {
                /* Deprecated: its zero value's bytes. */
                if (out_reserve(o, PyBytes_GET_SIZE(fd->zero_bytes)) < 0) {
                    return -1;
                }
                memcpy(o->buf + o->len, PyBytes_AS_STRING(fd->zero_bytes), (size_t)PyBytes_GET_SIZE(fd->zero_bytes));
                o->len += PyBytes_GET_SIZE(fd->zero_bytes);
            }
            continue;
        }
        PyObject *v = get_field(x, instance, fd);
        if (v == NULL) {
            return -1;
        }
        int r = 0;
        if (!fd->optional || v != Py_None) {
            r = encode_value(fd->spec, v, o, depth);
        }
        Py_DECREF(v);
        if (r < 0) {
            return -1;
        }
    }
    return 0;
}

/* Writes the length of the record body that follows the one-byte placeholder at `start`; a
 * body of 128 bytes or more moves right to make room for a longer varint. */
static int end_record(Out *o, Py_ssize_t start) {
    Py_ssize_t n = o->len - start - 1;
    if (n < 0x80) {
        o->buf[start] = (uint8_t)n;
        return 0;
    }
    int extra = varint_size((uint64_t)n) - 1;
    if (out_reserve(o, extra) < 0) {
        return -1;
    }
    memmove(o->buf + start + 1 + extra, o->buf + start + 1, (size_t)n);
    Py_ssize_t end = o->len + extra;
    o->len = start;
    put_varint(o, (uint64_t)n);
    o->len = end;
    return 0;
}

static int too_deep(TypeDef *td) {
    return enc_error("%S nests deeper than the maximum depth 64 (a cycle?)", td->type_name);
}

static int encode_union(TypeDef *td, PyObject *x, Out *o, int depth) {
    for (Py_ssize_t i = 0; i < td->nvariants; i++) {
        Variant *var = &td->variants[i];
        if (!PyObject_TypeCheck(x, var->cls)) {
            continue;
        }
        PyObject *v = *(PyObject **)((char *)x + var->offset);
        if (v == NULL) {
            return type_error("%R has no value", x);
        }
        if (write_varint(o, var->tag) < 0) {
            return -1;
        }
        Py_INCREF(v);
        int r = encode_value(var->spec, v, o, depth);
        Py_DECREF(v);
        return r;
    }
    return enc_error("%s is not a variant of union %S", Py_TYPE(x)->tp_name, td->type_name);
}

static int encode_typedef(TypeDef *td, PyObject *x, Out *o, int depth) {
    if (depth <= 0) {
        return too_deep(td);
    }
    if (td->kind == D_UNION) {
        return encode_union(td, x, o, depth - 1);
    }
    if (td->kind == D_STRUCT) {
        return encode_fields(td, x, o, depth - 1);
    }
    if (out_reserve(o, 1) < 0) {
        return -1;
    }
    Py_ssize_t start = o->len++;
    if (encode_fields(td, x, o, depth - 1) < 0) {
        return -1;
    }
    return end_record(o, start);
}

/* ---- binding descriptions ------------------------------------------------------------------- */

static TypeDef *registered(PyObject *cls) {
    PyObject *cap = PyDict_GetItemWithError(Registry, cls);
    if (cap == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "cser._native: %R is not bound", cls);
        }
        return NULL;
    }
    return PyCapsule_GetPointer(cap, "cser.TypeDef");
}

static int bad_description(const char *what) {
    PyErr_Format(PyExc_TypeError, "cser._native: malformed type description (%s)", what);
    return -1;
}

/* The slot offset of attribute `name` of `cls`: a __slots__ member descriptor, or -1. */
static Py_ssize_t slot_offset(PyTypeObject *cls, PyObject *name) {
    PyObject *descr = PyObject_GetAttr((PyObject *)cls, name);
    if (descr == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
        if (m->type == T_OBJECT_EX && !(m->flags & READONLY)) {
            offset = m->offset;
        }
    }
    Py_DECREF(descr);
    return offset;
}

static Spec *parse_spec(PyObject *desc) {
    Spec *s = PyMem_Calloc(1, sizeof(Spec));
    if (s == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (PyLong_Check(desc)) {
        s->kind = (int)PyLong_AsLong(desc);
        if (s->kind < K_BOOL || s->kind > K_BYTES) {
            bad_description("scalar kind");
            return NULL;
        }
        return s;
    }
    if (!PyTuple_Check(desc) || PyTuple_GET_SIZE(desc) < 2) {
        bad_description("type");
        return NULL;
    }
    s->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(desc, 0));
    Py_ssize_t size = PyTuple_GET_SIZE(desc);
    switch (s->kind) {
    case K_ENUM: {
        if (size != 4 || !PyDict_Check(PyTuple_GET_ITEM(desc, 2)) || !PyUnicode_Check(PyTuple_GET_ITEM(desc, 3))) {
            bad_description("enum");
            return NULL;
        }
        s->enum_cls = Py_NewRef(PyTuple_GET_ITEM(desc, 1));
        s->members = Py_NewRef(PyTuple_GET_ITEM(desc, 2));
        s->name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(desc, 3));
        Py_INCREF(PyTuple_GET_ITEM(desc, 3)); /* keeps `name` alive */
        for (long i = 0; i < 64; i++) {
            PyObject *k = PyLong_FromLong(i);
            s->small[i] = k == NULL ? NULL : PyDict_GetItem(s->members, k);
            Py_XDECREF(k);
        }
        return s->name == NULL ? NULL : s;
    }
    case K_LIST:
    case K_OPTLIST:
        s->elem = parse_spec(PyTuple_GET_ITEM(desc, 1));
        return s->elem == NULL ? NULL : s;
    case K_MAP:
    case K_OPTMAP:
        if (size != 3) {
            bad_description("map");
            return NULL;
        }
        s->elem = parse_spec(PyTuple_GET_ITEM(desc, 1));
        s->value = s->elem == NULL ? NULL : parse_spec(PyTuple_GET_ITEM(desc, 2));
        return s->value == NULL ? NULL : s;
    case K_REF:
        s->ref = registered(PyTuple_GET_ITEM(desc, 1));
        return s->ref == NULL ? NULL : s;
    default:
        bad_description("kind");
        return NULL;
    }
}

/* First pass: the type's class and kind, registered so that fields can refer to it. */
static TypeDef *declare(PyObject *desc) {
    if (!PyTuple_Check(desc) || PyTuple_GET_SIZE(desc) != 5 || !PyType_Check(PyTuple_GET_ITEM(desc, 1))) {
        bad_description("declared type");
        return NULL;
    }
    TypeDef *td = PyMem_Calloc(1, sizeof(TypeDef));
    if (td == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    td->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(desc, 0));
    td->cls = (PyTypeObject *)Py_NewRef(PyTuple_GET_ITEM(desc, 1));
    td->type_name = Py_NewRef(PyTuple_GET_ITEM(desc, 2));
    PyObject *cap = PyCapsule_New(td, "cser.TypeDef", NULL);
    if (cap == NULL || PyDict_SetItem(Registry, (PyObject *)td->cls, cap) < 0) {
        Py_XDECREF(cap);
        return NULL;
    }
    Py_DECREF(cap);
    return td;
}

/* Second pass: fields or variants, whose types may name any registered class. */
static int define(TypeDef *td, PyObject *desc) {
    PyObject *extra = PyTuple_GET_ITEM(desc, 3);
    PyObject *members = PyTuple_GET_ITEM(desc, 4);
    if (!PyTuple_Check(members)) {
        return bad_description("members");
    }
    Py_ssize_t n = PyTuple_GET_SIZE(members);
    if (td->kind == D_UNION) {
        td->short_name = Py_NewRef(extra);
        td->nvariants = n;
        td->variants = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Variant));
        if (td->variants == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *v = PyTuple_GET_ITEM(members, i);
            if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 4 || !PyType_Check(PyTuple_GET_ITEM(v, 1))) {
                return bad_description("variant");
            }
            Variant *var = &td->variants[i];
            var->tag = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(v, 0));
            var->cls = (PyTypeObject *)Py_NewRef(PyTuple_GET_ITEM(v, 1));
            var->path = Py_NewRef(PyTuple_GET_ITEM(v, 2));
            PyObject *value_name = PyUnicode_InternFromString("value");
            var->offset = value_name == NULL ? -1 : slot_offset(var->cls, value_name);
            Py_XDECREF(value_name);
            if (var->offset < 0) {
                return bad_description("a variant class without a `value` slot");
            }
            var->spec = parse_spec(PyTuple_GET_ITEM(v, 3));
            if (var->spec == NULL) {
                return -1;
            }
        }
        return 0;
    }
    if (td->kind != D_RECORD && td->kind != D_STRUCT) {
        return bad_description("declared kind");
    }
    td->zero_fn = Py_NewRef(extra);
    td->nfields = n;
    td->fields = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Field));
    if (td->fields == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int slot = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *f = PyTuple_GET_ITEM(members, i);
        if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) != 5) {
            return bad_description("field");
        }
        Field *fd = &td->fields[i];
        PyObject *attr = PyTuple_GET_ITEM(f, 0);
        if (attr != Py_None) {
            Py_INCREF(attr);
            PyUnicode_InternInPlace(&attr);
            fd->attr = attr;
            fd->offset = slot_offset(td->cls, attr);
        }
        fd->path = Py_NewRef(PyTuple_GET_ITEM(f, 1));
        fd->spec = parse_spec(PyTuple_GET_ITEM(f, 2));
        if (fd->spec == NULL) {
            return -1;
        }
        fd->optional = PyObject_IsTrue(PyTuple_GET_ITEM(f, 3));
        PyObject *zero = PyTuple_GET_ITEM(f, 4);
        if (fd->attr == NULL && !fd->optional && !PyBytes_Check(zero)) {
            return bad_description("a deprecated field without its zero bytes");
        }
        fd->zero_bytes = Py_NewRef(zero);
        if (fd->optional) {
            fd->bit = 1 << (slot & 7);
            fd->group_start = (slot & 7) == 0;
            slot++;
        }
    }
    /* The size of each group: the optional slots from its start, at most eight. */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!td->fields[i].group_start) {
            continue;
        }
        int size = 0;
        for (Py_ssize_t j = i; j < n && size < 8; j++) {
            if (td->fields[j].optional) {
                size++;
            }
        }
        td->fields[i].group_size = size;
    }
    return 0;
}

/* ---- the TypeCodec type: one bound record, struct or union ------------------------------- */

typedef struct {
    PyObject_HEAD
    TypeDef *td;
    Py_ssize_t size_hint; /* the size of the last message encoded: the next one's first buffer */
} TypeCodec;

static PyTypeObject TypeCodecType;

static PyObject *finish_decode(PyObject *v, Py_ssize_t pos, Py_ssize_t end) {
    if (v == NULL) {
        if (PyErr_ExceptionMatches(PyExc_RecursionError)) {
            PyErr_Clear();
            dec_error(KIND_DEPTH_EXCEEDED, 0, "nesting deeper than Python's recursion limit");
        }
        return NULL;
    }
    if (pos != end) {
        Py_DECREF(v);
        dec_error(KIND_TRAILING_BYTES, pos, "%zd bytes after the value", end - pos);
        return NULL;
    }
    return v;
}

static int parse_depth(PyObject *arg, int *depth) {
    long v = PyLong_AsLong(arg);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    *depth = v > INT32_MAX ? INT32_MAX : v < 0 ? 0 : (int)v;
    return 0;
}

/* decode(data, max_depth): one whole message (SPEC §5.8). */
static PyObject *TypeCodec_decode(TypeCodec *self, PyObject *const *args, Py_ssize_t nargs) {
    int depth;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "decode(data, max_depth)");
        return NULL;
    }
    if (parse_depth(args[1], &depth) < 0) {
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    Dec d = {(const uint8_t *)view.buf, 0};
    Py_ssize_t pos = 0;
    PyObject *v = decode_typedef(self->td, &d, &pos, view.len, depth);
    v = finish_decode(v, pos, view.len);
    PyBuffer_Release(&view);
    return v;
}

/* decode_body(data, pos, end, depth) -> (value, end): a stream frame's content (SPEC §8): a
 * record's body without its length, or a struct's or union's value. */
static PyObject *TypeCodec_decode_body(TypeCodec *self, PyObject *const *args, Py_ssize_t nargs) {
    int depth;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "decode_body(data, pos, end, depth)");
        return NULL;
    }
    Py_ssize_t pos = PyLong_AsSsize_t(args[1]);
    Py_ssize_t end = PyLong_AsSsize_t(args[2]);
    if (PyErr_Occurred() || parse_depth(args[3], &depth) < 0) {
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    if (pos < 0 || end < pos || end > view.len) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "decode_body: pos and end must lie within data");
        return NULL;
    }
    Dec d = {(const uint8_t *)view.buf, 0};
    PyObject *v;
    if (self->td->kind == D_RECORD) {
        v = decode_record_body(self->td, &d, pos, end, depth);
        pos = end;
    } else {
        v = decode_typedef(self->td, &d, &pos, end, depth);
    }
    PyBuffer_Release(&view);
    if (v == NULL) {
        finish_decode(NULL, 0, 0);
        return NULL;
    }
    PyObject *r = Py_BuildValue("(Nn)", v, pos);
    return r;
}

static PyObject *wrap_encode_failure(PyObject *value) {
    if (PyErr_ExceptionMatches(EncodeError) || PyErr_ExceptionMatches(PyExc_MemoryError)) {
        return NULL;
    }
    PyObject *type, *exc, *tb;
    PyErr_Fetch(&type, &exc, &tb);
    PyErr_NormalizeException(&type, &exc, &tb);
    enc_error("cannot encode %s: %S", Py_TYPE(value)->tp_name, exc);
    Py_XDECREF(type);
    Py_XDECREF(exc);
    Py_XDECREF(tb);
    return NULL;
}

/* encode(value) -> bytes: one whole message. */
static PyObject *TypeCodec_encode(TypeCodec *self, PyObject *value) {
    Out o;
    if (out_init_sized(&o, self->size_hint + self->size_hint / 8) < 0) {
        return NULL;
    }
    PyObject *r = NULL;
    if (encode_typedef(self->td, value, &o, 64) == 0) {
        r = PyBytes_FromStringAndSize((const char *)o.buf, o.len);
        self->size_hint = o.len;
    } else {
        wrap_encode_failure(value);
    }
    out_free(&o);
    return r;
}

/* encode_body(value, out, depth): appends a stream frame's content to the bytearray `out`. */
static PyObject *TypeCodec_encode_body(TypeCodec *self, PyObject *const *args, Py_ssize_t nargs) {
    int depth;
    if (nargs != 3 || !PyByteArray_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "encode_body(value, out: bytearray, depth)");
        return NULL;
    }
    if (parse_depth(args[2], &depth) < 0) {
        return NULL;
    }
    Out o;
    out_init(&o);
    int r;
    if (self->td->kind == D_RECORD) {
        r = depth <= 0 ? too_deep(self->td) : encode_fields(self->td, args[0], &o, depth - 1);
    } else {
        r = encode_typedef(self->td, args[0], &o, depth);
    }
    if (r < 0) {
        wrap_encode_failure(args[0]);
        out_free(&o);
        return NULL;
    }
    Py_ssize_t old = PyByteArray_GET_SIZE(args[1]);
    if (PyByteArray_Resize(args[1], old + o.len) < 0) {
        out_free(&o);
        return NULL;
    }
    memcpy(PyByteArray_AS_STRING(args[1]) + old, o.buf, (size_t)o.len);
    out_free(&o);
    Py_RETURN_NONE;
}

static PyMethodDef TypeCodec_methods[] = {
    {"decode", (PyCFunction)(void (*)(void))TypeCodec_decode, METH_FASTCALL,
     "decode(data, max_depth) -> value: one whole message (SPEC 5.8)."},
    {"decode_body", (PyCFunction)(void (*)(void))TypeCodec_decode_body, METH_FASTCALL,
     "decode_body(data, pos, end, depth) -> (value, end): a stream frame's content."},
    {"encode", (PyCFunction)TypeCodec_encode, METH_O, "encode(value) -> bytes: one whole message."},
    {"encode_body", (PyCFunction)(void (*)(void))TypeCodec_encode_body, METH_FASTCALL,
     "encode_body(value, out, depth): appends a stream frame's content to out."},
    {NULL, NULL, 0, NULL},
};

static PyObject *TypeCodec_repr(TypeCodec *self) {
    return PyUnicode_FromFormat("<cser native codec of %S>", self->td->type_name);
}

static PyTypeObject TypeCodecType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cser._native.TypeCodec",
    .tp_basicsize = sizeof(TypeCodec),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native reader and writer of one bound record, struct or union.",
    .tp_methods = TypeCodec_methods,
    .tp_repr = (reprfunc)TypeCodec_repr,
};

/* bind(types) -> tuple of TypeCodec, one per description, in order. */
static PyObject *bind(PyObject *module, PyObject *types) {
    (void)module;
    if (load_errors() < 0) {
        return NULL;
    }
    if (!PyTuple_Check(types)) {
        bad_description("bind takes a tuple");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(types);
    TypeDef **defs = PyMem_Calloc((size_t)(n ? n : 1), sizeof(TypeDef *));
    if (defs == NULL) {
        return PyErr_NoMemory();
    }
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        defs[i] = declare(PyTuple_GET_ITEM(types, i));
        if (defs[i] == NULL) {
            goto done;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (define(defs[i], PyTuple_GET_ITEM(types, i)) < 0) {
            goto done;
        }
    }
    result = PyTuple_New(n);
    if (result == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        TypeCodec *c = PyObject_New(TypeCodec, &TypeCodecType);
        if (c == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        c->td = defs[i];
        c->size_hint = 0;
        PyTuple_SET_ITEM(result, i, (PyObject *)c);
    }
done:
    /* Descriptions stay alive for the life of the process, like the classes they describe. */
    PyMem_Free(defs);
    return result;
}

static PyMethodDef module_methods[] = {
    {"bind", bind, METH_O,
     "bind(types) -> tuple of TypeCodec: compiles a generated module's type descriptions."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cser._native",
    .m_doc = "The C accelerator of cser's Python runtime: generated modules bind their types here.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&TypeCodecType) < 0) {
        return NULL;
    }
    S_push_field = PyUnicode_InternFromString("push_field");
    S_push_index = PyUnicode_InternFromString("push_index");
    S_push_key = PyUnicode_InternFromString("push_key");
    Registry = PyDict_New();
    if (S_push_field == NULL || S_push_index == NULL || S_push_key == NULL || Registry == NULL) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&native_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&TypeCodecType);
    if (PyModule_AddObject(m, "TypeCodec", (PyObject *)&TypeCodecType) < 0) {
        Py_DECREF(&TypeCodecType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
