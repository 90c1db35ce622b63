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

/* write_raw of a buffer that is not contiguous, copied into one first. */
CSER_COLD static int write_strided(Out *o, Py_buffer *view) {
    char *copy = PyMem_Malloc(view->len > 0 ? (size_t)view->len : 1);
    if (copy == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    int r = PyBuffer_ToContiguous(copy, view, view->len, 'C');
    if (r == 0) {
        r = write_raw(o, copy, view->len);
    }
    PyMem_Free(copy);
    return r;
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
static inline int encode_plain(Spec *s, PyObject *x, Out *o);

/* ---- collections ----------------------------------------------------------------------------
 *
 * Re-entrancy (SPEC §12.3, runtimes/python/README.md "Code the writers call"): writing a value
 * may run Python code (__float__, __bool__, __eq__ and __hash__ in dict(), properties of a
 * duck-typed record, list(x) of a list subclass, ...), and that code may change the very list
 * or dict being written. So nothing here keeps a pointer into a container across a call that
 * may run Python code: a list's items are read live, by index, each held while it is written
 * (a list's item array moves when it grows); a dict is walked with PyDict_Next, key and value
 * held. And each container follows the Python writers' iteration step by step (cser/writer.py),
 * so that both give the same bytes or the same error:
 * - a list or tuple is walked as Python's list iterator walks it, anything else (list
 *   subclasses included) is first copied with list(x); packed f32/f64 lists are converted from
 *   the elements as the encoding started (struct.pack(*values) in Python);
 * - a dict is walked as Python's dict iterator walks it (its size checked before each step, no
 *   more entries than it had), anything else (dict subclasses included) first copied with
 *   dict(x.items());
 * - a count that no longer matches the elements written, and an optional that became None or
 *   not after its presence byte was written, are EncodeError: the bytes would not be the
 *   encoding of any value. */

static int changed(const char *what) {
    return enc_error("%s changed while it was encoded", what);
}

/* A list or tuple, as it is; anything else as list(x) (the Python writers call it too). New
 * reference; Py_SIZE and PySequence_Fast_GET_ITEM read either. */
static PyObject *as_seq(PyObject *x) {
    if (PyList_CheckExact(x) || PyTuple_CheckExact(x)) {
        return Py_NewRef(x);
    }
    return PySequence_List(x);
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

/* The records of a list (or tuple), each written by encode_typedef directly; returns the number
 * written, or -1. Walking a long list of records is a chain of cache misses: the record, then
 * each object a field holds, whose header is read before a byte of it is written. W1's 100,000
 * records with an empty dict and list took 0.8 ms to 2.7 ms an encode from one process to the
 * next (perf: 70% of encode_fields' samples on the loads of the dict's and the list's type);
 * with the records and their lists, maps and records asked for ahead, those loads overlap
 * instead of following one another, and it took 0.9-1.2 ms in every process. Records holding
 * none of those (W2's employees: strings and ints) take the plain loop. The list is read live
 * (a record's fields may run code that changes it); what is asked for ahead is what it holds
 * at the time (a prefetch never faults). */
static Py_ssize_t encode_records(TypeDef *td, PyObject *seq, Out *o, int depth) {
    Py_ssize_t i = 0;
    for (; i < Py_SIZE(seq); i++) {
        PyObject **items = PySequence_Fast_ITEMS(seq);
        if (td->nprefetch != 0) {
            Py_ssize_t size = Py_SIZE(seq);
            if (i + PREFETCH_FAR < size) {
                CSER_PREFETCH(items[i + PREFETCH_FAR]);
            }
            if (i + PREFETCH_NEAR < size) {
                prefetch_fields(td, items[i + PREFETCH_NEAR]);
            }
        }
        PyObject *item = items[i];
        Py_INCREF(item);
        int r = encode_typedef(td, item, o, depth);
        Py_DECREF(item);
        if (r < 0) {
            return -1;
        }
    }
    return i;
}

/* A packed list of f32 or f64 (n elements, already counted). Floats are written as they are;
 * from the first element whose conversion may run Python code (__float__ of anything but a
 * float), the rest are taken from a copy of the list as it is then (nothing has run before):
 * the Python writers convert struct.pack(*values), the elements as the encoding started. Every
 * element is converted before an f32 out of range is reported, as they do. */
static int encode_floats(int kind, PyObject *seq, Py_ssize_t n, Out *o) {
    const int w = kind == K_F64 ? 8 : 4;
    if (out_reserve(o, w * n) < 0) {
        return -1;
    }
    uint8_t *p = o->buf + o->len;
    Py_ssize_t overflow = -1, i = 0;
    for (; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyFloat_Check(item)) {
            break;
        }
        double v = PyFloat_AS_DOUBLE(item);
        if (w == 8) {
            memcpy(p + 8 * i, &v, 8);
        } else if (f32_store(v, p + 4 * i) < 0 && overflow < 0) {
            overflow = i;
        }
    }
    PyObject *rest = NULL;
    if (i < n) {
        rest = PyList_CheckExact(seq) ? PyList_GetSlice(seq, 0, n) : Py_NewRef(seq);
        if (rest == NULL) {
            return -1;
        }
        for (; i < n; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(rest, i);
            double v;
            if (PyFloat_Check(item)) {
                v = PyFloat_AS_DOUBLE(item);
            } else {
                v = PyFloat_AsDouble(item);
                if (v == -1.0 && PyErr_Occurred()) {
                    PyErr_Clear();
                    type_error("%R is not a float", item);
                    Py_DECREF(rest);
                    return -1;
                }
            }
            p = o->buf + o->len; /* unchanged: nothing but this function writes to `o` */
            if (w == 8) {
                memcpy(p + 8 * i, &v, 8);
            } else if (f32_store(v, p + 4 * i) < 0 && overflow < 0) {
                overflow = i;
            }
        }
    }
    if (overflow >= 0) {
        PyObject *item = PySequence_Fast_GET_ITEM(rest != NULL ? rest : seq, overflow);
        enc_error("%R does not fit f32", item);
        Py_XDECREF(rest);
        return -1;
    }
    Py_XDECREF(rest);
    if (Py_SIZE(seq) != n) {
        return changed("list");
    }
    o->len += w * n;
    return 0;
}

static int encode_list(Spec *s, PyObject *x, Out *o, int depth) {
    PyObject *seq = as_seq(x);
    if (seq == NULL) {
        return -1;
    }
    const Py_ssize_t n = Py_SIZE(seq);
    int r = -1;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    Spec *e = s->elem;
    if (e->kind == K_F64 || e->kind == K_F32) {
        r = encode_floats(e->kind, seq, n, o);
        goto done;
    }
    Py_ssize_t i = 0;
    if (e->kind == K_REF) {
        i = encode_records(e->ref, seq, o, depth);
        if (i < 0) {
            goto done;
        }
    } else {
        for (; i < Py_SIZE(seq); i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
            int w = encode_plain(e, item, o);
            if (w < 0) {
                goto done;
            }
            if (w == 0) {
                Py_INCREF(item);
                w = encode_value(e, item, o, depth);
                Py_DECREF(item);
                if (w < 0) {
                    goto done;
                }
            }
        }
    }
    if (i != n || Py_SIZE(seq) != n) {
        changed("list");
        goto done;
    }
    r = 0;
done:
    Py_DECREF(seq);
    return r;
}

/* The presence byte of slots i..i+7 of a list of optionals, or of the map values `seq`. */
static uint8_t presence_of(PyObject *seq, Py_ssize_t i) {
    uint8_t pb = 0;
    for (Py_ssize_t j = i; j < Py_SIZE(seq) && j < i + 8; j++) {
        if (PySequence_Fast_GET_ITEM(seq, j) != Py_None) {
            pb |= (uint8_t)(1 << (j - i));
        }
    }
    return pb;
}

static int encode_optlist(Spec *s, PyObject *x, Out *o, int depth) {
    PyObject *seq = as_seq(x);
    if (seq == NULL) {
        return -1;
    }
    const Py_ssize_t n = Py_SIZE(seq);
    int r = -1;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    uint8_t pb = 0;
    Py_ssize_t i = 0;
    for (; i < Py_SIZE(seq); i++) {
        if ((i & 7) == 0) {
            pb = presence_of(seq, i);
            if (write_byte(o, pb) < 0) {
                goto done;
            }
        }
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        int bit = (pb >> (i & 7)) & 1;
        if ((item != Py_None) != bit) {
            changed("list");
            goto done;
        }
        if (item != Py_None) {
            Py_INCREF(item);
            int w = encode_value(s->elem, item, o, depth);
            Py_DECREF(item);
            if (w < 0) {
                goto done;
            }
        }
    }
    if (i != n || Py_SIZE(seq) != n) {
        changed("list");
        goto done;
    }
    r = 0;
done:
    Py_DECREF(seq);
    return r;
}

/* A map: a dict as it is, anything else (dict subclasses included) as dict(x.items()), as the
 * Python writers do. Its entries are walked in place, as Python's dict iterator walks them
 * (its checks included), keys and values held while they are written. */
static int encode_map(Spec *s, PyObject *x, Out *o, int depth, int optionals) {
    PyObject *d;
    if (PyDict_CheckExact(x)) {
        d = Py_NewRef(x);
    } else {
        PyObject *items = PyObject_CallMethod(x, "items", NULL);
        if (items == NULL) {
            return -1;
        }
        d = PyObject_CallOneArg((PyObject *)&PyDict_Type, items);
        Py_DECREF(items);
        if (d == NULL) {
            return -1;
        }
    }
    const Py_ssize_t n = PyDict_GET_SIZE(d);
    int r = -1;
    PyObject *values = NULL;
    if (write_varint(o, (uint64_t)n) < 0) {
        goto done;
    }
    if (optionals && (values = PyDict_Values(d)) == NULL) {
        goto done;
    }
    Py_ssize_t at = 0, count = 0;
    PyObject *k, *v;
    uint8_t pb = 0;
    for (;; count++) {
        if (PyDict_GET_SIZE(d) != n) {
            changed("map"); /* Python: "dictionary changed size during iteration" */
            goto done;
        }
        if (!PyDict_Next(d, &at, &k, &v)) {
            break;
        }
        if (count == n) {
            changed("map"); /* Python: "dictionary keys changed during iteration" */
            goto done;
        }
        Py_INCREF(k);
        Py_INCREF(v);
        int w = 0;
        if (optionals && (count & 7) == 0) {
            pb = presence_of(values, count);
            w = write_byte(o, pb);
        }
        if (w == 0) {
            w = encode_value(s->elem, k, o, depth);
        }
        if (w == 0 && optionals && (v != Py_None) != ((pb >> (count & 7)) & 1)) {
            w = changed("map");
        }
        if (w == 0 && (!optionals || v != Py_None)) {
            w = encode_value(s->value, v, o, depth);
        }
        Py_DECREF(k);
        Py_DECREF(v);
        if (w < 0) {
            goto done;
        }
    }
    if (count != n) {
        changed("map");
        goto done;
    }
    r = 0;
done:
    Py_XDECREF(values);
    Py_DECREF(d);
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
            if (f32_store(dv, o->buf + o->len) < 0) {
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
        /* Any buffer, as the pure writer's memoryview(x).tobytes() reads it: a strided one
         * (memoryview(b)[::2]) is copied into a contiguous one first. */
        Py_buffer view;
        if (PyObject_GetBuffer(x, &view, PyBUF_FULL_RO) < 0) {
            PyErr_Clear();
            return type_error("%R is not bytes", x);
        }
        int r;
        if (PyBuffer_IsContiguous(&view, 'C')) {
            r = write_raw(o, view.buf, view.len);
        } else {
            r = write_strided(o, &view);
        }
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
CSER_COLD static int changed_field(Field *fd) {
    return enc_error("optional %U changed while it was encoded", fd->path);
}

CSER_COLD static int write_unknown(TypeDef *td, PyObject *x, PyObject *u, Out *o, Py_ssize_t pb_at) {
    if (u == NULL) {
        if (Py_IS_TYPE(x, td->cls)) {
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
        /* `bits & mask` as the pure writer computes it: an int of any size (only its low bits
         * count), a bool, anything with __and__; a float is a TypeError. */
        bits = PyObject_GetAttr(u, S_presence_bits);
        PyObject *mask = bits == NULL ? NULL : PyLong_FromLong(td->unknown_mask);
        PyObject *masked = mask == NULL ? NULL : PyNumber_And(bits, mask);
        Py_XDECREF(mask);
        long b = masked == NULL ? -1 : PyLong_AsLong(masked);
        Py_XDECREF(masked);
        if (b == -1 && PyErr_Occurred()) {
            goto done;
        }
        if (b < 0 || b > 0xFF) {
            /* What `out[u] |= b` raises (only an __and__ of a class can return one) */
            PyErr_SetString(PyExc_ValueError, "byte must be in range(0, 256)");
            goto done;
        }
        o->buf[pb_at] |= (uint8_t)b;
    }
    data = PyObject_GetAttr(u, S_data);
    if (data == NULL) {
        goto done;
    }
    if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0) {
        /* The pure writer's `out += data` refuses a buffer that is not contiguous with a
         * TypeError, as it refuses anything that is not a buffer. */
        if (PyErr_ExceptionMatches(PyExc_BufferError)) {
            PyErr_Clear();
            type_error("the unknown fields' data %R is not a contiguous buffer", data);
        }
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
    /* Slots are read directly in instances of the class itself; a subclass may have replaced a
     * field by a property, which getattr calls, as the Python writers do. */
    const int instance = Py_IS_TYPE(x, td->cls);
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
             * writes to (their empty dict and list). encode_plain runs no Python code. */
            PyObject *b = *(PyObject **)((char *)x + fd->offset);
            if (b != NULL) {
                if (fd->optional) {
                    /* Code run since the presence byte (a __float__ of an earlier field) may
                     * have set or cleared the slot: the byte would not match. */
                    if ((b != Py_None) != ((o->buf[pb_at] & fd->bit) != 0)) {
                        return changed_field(fd);
                    }
                    if (b == Py_None) {
                        continue;
                    }
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
        if (fd->optional && (v != Py_None) != ((o->buf[pb_at] & fd->bit) != 0)) {
            r = changed_field(fd);
        } else if (!fd->optional || v != Py_None) {
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
        if (write_varint(o, var->tag) < 0) {
            return -1;
        }
        /* A subclass may have replaced `value` by a property: getattr, as the Python writers. */
        PyObject *v;
        if (Py_IS_TYPE(x, var->cls)) {
            v = *(PyObject **)((char *)x + var->offset);
            if (v == NULL) {
                return type_error("%R has no value", x);
            }
            Py_INCREF(v);
        } else {
            static PyObject *s_value = NULL;
            if (s_value == NULL && (s_value = PyUnicode_InternFromString("value")) == NULL) {
                return -1;
            }
            if ((v = PyObject_GetAttr(x, s_value)) == NULL) {
                return -1;
            }
        }
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
