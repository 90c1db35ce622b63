/* Encoding (SPEC §4-§7): writes values by walking the TypeDefs of bind.c, as cser/writer.py's
 * code does: the same bytes, the same EncodeErrors. */
#include "native.h"

#include <string.h>

/* ---- the output buffer ---------------------------------------------------------------------- */

static int out_grow(Out *o, Py_ssize_t n) {
    Py_ssize_t cap = o->cap * 2;
    while (cap < o->len + n) {
        cap *= 2;
    }
    if (o->bytes != NULL) {
        if (_PyBytes_Resize(&o->bytes, cap) < 0) {
            /* The bytes object is gone (o->bytes is NULL): nothing left for out_free. */
            o->buf = o->inline_buf;
            o->len = 0;
            o->cap = 0;
            return -1;
        }
        o->buf = (uint8_t *)PyBytes_AS_STRING(o->bytes);
        o->cap = cap;
        return 0;
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

void out_init(Out *o) {
    o->buf = o->inline_buf;
    o->len = 0;
    o->cap = (Py_ssize_t)sizeof o->inline_buf;
    o->bytes = NULL;
}

int out_init_bytes(Out *o, Py_ssize_t hint) {
    out_init(o);
    o->cap = hint < 64 ? 64 : hint;
    o->bytes = PyBytes_FromStringAndSize(NULL, o->cap);
    if (o->bytes == NULL) {
        return -1;
    }
    o->buf = (uint8_t *)PyBytes_AS_STRING(o->bytes);
    return 0;
}

/* A buffer small enough to keep whole behind a message cut in place: well below glibc's default
 * mmap threshold (128 KiB), so never a mapping of its own. */
static inline int o_cap_small(Py_ssize_t cap) {
    return cap < (64 << 10);
}

PyObject *out_take_bytes(Out *o) {
    PyObject *b = o->bytes;
    Py_ssize_t len = o->len;
    Py_ssize_t spare = o->cap - len;
    /* The buffer goes with the bytes object: out_free has nothing left to free. */
    o->bytes = NULL;
    o->buf = o->inline_buf;
    o->len = 0;
    o->cap = (Py_ssize_t)sizeof o->inline_buf;
    if (b == NULL) {
        return NULL;
    }
    if (spare <= len / 4 + 64 && o_cap_small(len + spare)) {
        /* Close to the size asked for (the usual case: the hint was the last message's size
         * and an eighth): only the size the object shows is cut, as msgspec does, instead of a
         * realloc that shrinks the block by a few dozen bytes. In the benchmark's loop that
         * realloc made the 702-byte W3 encode take 0.56-0.70 us a call with runs of 0.34 us
         * (the allocator splitting and merging the block), against a steady 0.32 us without it.
         * The object keeps its spare bytes until it is freed: at most a quarter of its size
         * and 64. Large messages still get the realloc: for the 200 kB W1 message it measured
         * faster (1.45-1.47 ms an encode against 1.52-1.78 ms in place). */
        Py_SET_SIZE(b, len);
        PyBytes_AS_STRING(b)[len] = '\0';
        return b;
    }
    if (_PyBytes_Resize(&b, len) < 0) {
        return NULL;
    }
    return b;
}

void out_free(Out *o) {
    if (o->bytes != NULL) {
        Py_CLEAR(o->bytes);
    } else if (o->buf != o->inline_buf) {
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

static inline int write_byte(Out *o, uint8_t b) {
    if (out_reserve(o, 1) < 0) {
        return -1;
    }
    o->buf[o->len++] = b;
    return 0;
}

/* A length-prefixed byte string. */
static inline int write_raw(Out *o, const void *p, Py_ssize_t n) {
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

/* How far ahead of the record being written encode_records asks for memory: the record
 * PREFETCH_FAR places ahead, the objects its fields hold PREFETCH_NEAR places ahead (by then its
 * slots have arrived). */
#define PREFETCH_FAR 16
#define PREFETCH_NEAR 8

/* Asks the CPU for the lists, maps and records the fields of `x` hold (TypeDef.prefetch), when
 * `x` is an instance of the record's class, whose slots are where the TypeDef says. */
static inline void prefetch_fields(TypeDef *td, PyObject *x) {
    if (!Py_IS_TYPE(x, td->cls)) {
        return;
    }
    for (int f = 0; f < td->nprefetch; f++) {
        PyObject *v = *(PyObject **)((char *)x + td->prefetch[f]);
        if (v != NULL) { /* a slot never set: encode_fields reports it */
            CSER_PREFETCH(v);
        }
    }
}

/* The records of a list, each written by encode_typedef directly. Walking a long list of
 * records is a chain of cache misses: the record, then each object a field holds, whose header
 * is read before a byte of it is written. W1's 100,000 records with an empty dict and list took
 * 0.8 ms to 2.7 ms an encode from one process to the next (perf: 70% of encode_fields' samples
 * on the loads of the dict's and the list's type); with the records and their lists, maps and
 * records asked for ahead, those loads overlap instead of following one another, and it took
 * 0.9-1.2 ms in every process. Records holding none of those (W2's employees: strings and ints)
 * take the plain loop. */
static int encode_records(TypeDef *td, PyObject **items, Py_ssize_t n, Out *o, int depth) {
    if (td->nprefetch == 0) {
        for (Py_ssize_t i = 0; i < n; i++) {
            if (encode_typedef(td, items[i], o, depth) < 0) {
                return -1;
            }
        }
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (i + PREFETCH_FAR < n) {
            CSER_PREFETCH(items[i + PREFETCH_FAR]);
        }
        if (i + PREFETCH_NEAR < n) {
            prefetch_fields(td, items[i + PREFETCH_NEAR]);
        }
        if (encode_typedef(td, items[i], o, depth) < 0) {
            return -1;
        }
    }
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
    if (e->kind == K_REF) {
        r = encode_records(e->ref, items, n, o, depth);
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

/* A dict of non-optional values: its entries walked in place, without the list of tuples
 * items() would build. Keys and values are held while they are written (writing one may run
 * Python code, a duck-typed record's attributes); a dict that changes size meanwhile would
 * not match the count already written: RuntimeError, as iterating it in Python does. */
static int encode_dict(Spec *s, PyObject *x, Out *o, int depth) {
    Py_ssize_t n = PyDict_GET_SIZE(x);
    if (write_varint(o, (uint64_t)n) < 0) {
        return -1;
    }
    Py_ssize_t at = 0, written = 0;
    PyObject *k, *v;
    while (PyDict_Next(x, &at, &k, &v)) {
        Py_INCREF(k);
        Py_INCREF(v);
        int r = encode_value(s->elem, k, o, depth) < 0 || encode_value(s->value, v, o, depth) < 0 ? -1 : 0;
        Py_DECREF(k);
        Py_DECREF(v);
        if (r < 0) {
            return -1;
        }
        written++;
    }
    if (written != n || PyDict_GET_SIZE(x) != n) {
        PyErr_SetString(PyExc_RuntimeError, "dictionary changed size during encode");
        return -1;
    }
    return 0;
}

static int encode_map(Spec *s, PyObject *x, Out *o, int depth, int optionals) {
    if (!optionals && PyDict_CheckExact(x)) {
        return encode_dict(s, x, o, depth);
    }
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

/* Any value of any kind, with every check and error of SPEC §4-§7. */
CSER_NOINLINE static int encode_value_any(Spec *s, PyObject *x, Out *o, int depth) {
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

/* An int that CPython keeps in one digit (below 2^30 in magnitude): its value, read without a
 * call. 0 for any other object (a large int, not an int: encode_value_any decides). */
static inline int small_int(PyObject *x, long long *v) {
    if (!PyLong_Check(x)) {
        return 0;
    }
#if PY_VERSION_HEX >= 0x030C0000
    if (PyUnstable_Long_IsCompact((PyLongObject *)x)) {
        *v = (long long)PyUnstable_Long_CompactValue((PyLongObject *)x);
        return 1;
    }
#else
    Py_ssize_t size = Py_SIZE(x);
    if (size >= -1 && size <= 1) {
        *v = (long long)size * (long long)((PyLongObject *)x)->ob_digit[0];
        return 1;
    }
#endif
    return 0;
}

/* Writes `x` if it is a value whose bytes take no Python code to produce: an ASCII str, a small
 * int (an int subclass's digits are read as they are), a bool, an empty list or dict (exact
 * types). 1 if written, 0 if not such a value (nothing written), -1 on error. Its caller need
 * not hold `x`: nothing can drop it meanwhile. */
static CSER_INLINE int encode_plain(Spec *s, PyObject *x, Out *o) {
    long long v = 0;
    switch (s->kind) {
    case K_STRING:
        if (PyUnicode_CheckExact(x) && PyUnicode_IS_COMPACT_ASCII(x)) {
            return write_raw(o, PyUnicode_DATA(x), PyUnicode_GET_LENGTH(x)) < 0 ? -1 : 1;
        }
        return 0;
    case K_I16:
    case K_I32:
    case K_I64:
        if (small_int(x, &v) && (s->kind != K_I16 || (v >= -0x8000 && v <= 0x7FFF))) {
            return write_varint(o, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)) < 0 ? -1 : 1;
        }
        return 0;
    case K_U16:
    case K_U32:
    case K_U64:
    case K_ENUM:
        if (small_int(x, &v) && v >= 0 && (s->kind != K_U16 || v <= 0xFFFF)) {
            return write_varint(o, (uint64_t)v) < 0 ? -1 : 1;
        }
        return 0;
    case K_BOOL:
        if (x == Py_True || x == Py_False) {
            return write_byte(o, x == Py_True) < 0 ? -1 : 1;
        }
        return 0;
    case K_LIST:
    case K_OPTLIST:
        if (PyList_CheckExact(x) && PyList_GET_SIZE(x) == 0) {
            return write_byte(o, 0) < 0 ? -1 : 1; /* the count, 0 */
        }
        return 0;
    case K_MAP:
    case K_OPTMAP:
        if (PyDict_CheckExact(x) && PyDict_GET_SIZE(x) == 0) {
            return write_byte(o, 0) < 0 ? -1 : 1; /* the count, 0 */
        }
        return 0;
    default:
        return 0;
    }
}

/* A value: the kinds most fields have (ASCII strings, small ints, bools, records), written
 * inline; the rest, and every value that needs a check these skip, by encode_value_any. The
 * bytes are the same either way. */
static inline int encode_value(Spec *s, PyObject *x, Out *o, int depth) {
    int w = encode_plain(s, x, o);
    if (w != 0) {
        return w < 0 ? -1 : 0;
    }
    switch (s->kind) {
    case K_REF:
        return encode_typedef(s->ref, x, o, depth);
    case K_LIST:
        return encode_list(s, x, o, depth);
    case K_MAP:
        return encode_map(s, x, o, depth, 0);
    default:
        return encode_value_any(s, x, o, depth);
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

/* A record's unknown fields (SPEC §5.5.1), after its known fields: the unknown presence bits
 * ORed into its last presence byte, written at `pb_at` (those of `unknown_mask` only), then the
 * unknown bytes. `u` is the `_cser_unknown` slot of an instance, or NULL: get the attribute. */
CSER_COLD static int write_unknown(TypeDef *td, PyObject *x, PyObject *u, Out *o, Py_ssize_t pb_at) {
    if (u == NULL) {
        if (PyObject_TypeCheck(x, td->cls)) {
            return type_error("%R has no attribute %R", x, S_cser_unknown);
        }
        u = PyObject_GetAttr(x, S_cser_unknown);
        if (u == NULL) {
            if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
                PyErr_Clear();
                type_error("no attribute %R", S_cser_unknown);
            }
            return -1;
        }
    } else {
        Py_INCREF(u);
    }
    int r = -1;
    PyObject *bits = NULL, *data = NULL;
    Py_buffer view = {0};
    if (u == Py_None) {
        r = 0;
        goto done;
    }
    if (td->unknown_mask) {
        /* Only a record whose last presence byte has free bits has unknown presence bits. */
        bits = PyObject_GetAttr(u, S_presence_bits);
        long b = bits == NULL ? -1 : PyLong_AsLong(bits);
        if (b == -1 && PyErr_Occurred()) {
            goto done;
        }
        o->buf[pb_at] |= (uint8_t)(b & td->unknown_mask);
    }
    data = PyObject_GetAttr(u, S_data);
    if (data == NULL || PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0) {
        goto done;
    }
    if (out_reserve(o, view.len) < 0) {
        goto done;
    }
    memcpy(o->buf + o->len, view.buf, (size_t)view.len);
    o->len += view.len;
    r = 0;
done:
    if (view.obj != NULL) {
        PyBuffer_Release(&view);
    }
    Py_XDECREF(data);
    Py_XDECREF(bits);
    Py_DECREF(u);
    return r;
}

/* The fields in id order, with a presence byte before each group of eight optional slots; a
 * record's unknown fields after them. */
int encode_fields(TypeDef *td, PyObject *x, Out *o, int depth) {
    const int instance = PyObject_TypeCheck(x, td->cls);
    Py_ssize_t pb_at = -1; /* where the last presence byte is */
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
            pb_at = o->len;
            o->buf[o->len++] = pb;
        }
        if (fd->attr == NULL) {
            if (!fd->optional) {
                /* Deprecated: its zero value's bytes. */
                if (out_reserve(o, PyBytes_GET_SIZE(fd->zero)) < 0) {
                    return -1;
                }
                memcpy(o->buf + o->len, PyBytes_AS_STRING(fd->zero), (size_t)PyBytes_GET_SIZE(fd->zero));
                o->len += PyBytes_GET_SIZE(fd->zero);
            }
            continue;
        }
        if (instance && fd->offset >= 0) {
            /* The slot's value not held when encode_plain writes it: no reference count is
             * written, and W1's 100,000 records have two objects each that nothing else
             * writes to (their empty dict and list). */
            PyObject *b = *(PyObject **)((char *)x + fd->offset);
            if (b != NULL) {
                if (fd->optional && b == Py_None) {
                    continue;
                }
                int w = encode_plain(fd->spec, b, o);
                if (w < 0) {
                    return -1;
                }
                if (w > 0) {
                    continue;
                }
            }
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
    if (td->kind == D_RECORD) {
        PyObject *u = instance ? *(PyObject **)((char *)x + td->unknown_offset) : NULL;
        if (u != Py_None) {
            return write_unknown(td, x, u, o, pb_at);
        }
    }
    return 0;
}

/* Writes the length of the record body that follows the `room` bytes left for it at `start`;
 * a body whose length takes another number of bytes moves to make it fit. */
static int end_record(TypeDef *td, Out *o, Py_ssize_t start, int room) {
    Py_ssize_t n = o->len - start - room;
    if (room == 1 && n < 0x80) {
        o->buf[start] = (uint8_t)n;
        return 0;
    }
    int size = varint_size((uint64_t)n);
    td->len_size_hint = size;
    if (size != room) {
        if (size > room && out_reserve(o, size - room) < 0) {
            return -1;
        }
        memmove(o->buf + start + size, o->buf + start + room, (size_t)n);
    }
    Py_ssize_t end = start + size + n;
    o->len = start;
    put_varint(o, (uint64_t)n);
    o->len = end;
    return 0;
}

int too_deep(TypeDef *td) {
    return enc_error("%S nests deeper than the maximum depth %d (a cycle?)", td->type_name, MAX_DEPTH);
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

int encode_typedef(TypeDef *td, PyObject *x, Out *o, int depth) {
    if (depth <= 0) {
        return too_deep(td);
    }
    if (td->kind == D_UNION) {
        return encode_union(td, x, o, depth - 1);
    }
    if (td->kind == D_STRUCT) {
        return encode_fields(td, x, o, depth - 1);
    }
    int room = td->len_size_hint ? td->len_size_hint : 1;
    if (out_reserve(o, room) < 0) {
        return -1;
    }
    Py_ssize_t start = o->len;
    o->len += room;
    if (encode_fields(td, x, o, depth - 1) < 0) {
        return -1;
    }
    return end_record(td, o, start, room);
}
