/* Collections (SPEC §4-§5): lists, lists of optionals, maps and maps of optional values, read
 * and written by walking the TypeDefs of bind.c, as cser/collections.py's code does: the count,
 * the presence byte before every eighth optional, the duplicate map-key check; the same bytes,
 * objects and errors. reader.c and writer.c call these for the values that are collections;
 * these call back the value codecs module.c hands over (ElementCodecs, native.h) for the
 * elements, keys and values. */
#include "wire.h"

#include <string.h>

static ElementCodecs codec;

void collections_init(const ElementCodecs *codecs) {
    codec = *codecs;
}

/* ---- writing --------------------------------------------------------------------------------
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

/* The records of a list (or tuple), each written by the record codec directly; returns the number
 * written, or -1. Walking a long list of records is a chain of cache misses: the record, then
 * each object a field holds, whose header is read before a byte of it is written, so the time
 * of such a list moved with where its objects landed in memory (runtimes/python/README.md has
 * what was measured). With the records and their lists, maps and records asked for ahead,
 * those loads overlap instead of following one another. Records holding
 * none of those (W2's employees: strings and ints) take the plain loop. The list is read live
 * (a record's fields may run code that changes it); what is asked for ahead is what it holds
 * at the time (a prefetch never faults). */
static Py_ssize_t encode_records(TypeDef *td, PyObject *seq, Out *o, int depth) {
    /* Read once: the calls below may change any global, as far as the compiler knows. */
    int (*const write_record)(TypeDef *, PyObject *, Out *, int) = codec.write_record;
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
        int r = write_record(td, item, o, depth);
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

/* A value written while it is held: writing it may run Python code that drops the list's
 * reference to it. */
static inline int encode_held(Spec *e, PyObject *item, Out *o, int depth) {
    Py_INCREF(item);
    int w = codec.write_element(e, item, o, depth);
    Py_DECREF(item);
    return w;
}

/* The elements of a list after its count; returns how many were written, or -1. */
static Py_ssize_t list_items(Spec *e, PyObject *seq, Py_ssize_t n, Out *o, int depth) {
    if (e->kind == K_F64 || e->kind == K_F32) {
        return encode_floats(e->kind, seq, n, o) < 0 ? -1 : n;
    }
    if (e->kind == K_REF) {
        return encode_records(e->ref, seq, o, depth);
    }
    Py_ssize_t i = 0;
    for (; i < Py_SIZE(seq); i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        int w = encode_plain(e, item, o);
        if (w == 0) {
            w = encode_held(e, item, o, depth);
        }
        if (w < 0) {
            return -1;
        }
    }
    return i;
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

/* The elements of a list of optionals after its count, a presence byte before every eighth;
 * returns how many were written, or -1. */
static Py_ssize_t optional_items(Spec *e, PyObject *seq, Out *o, int depth) {
    uint8_t pb = 0;
    Py_ssize_t i = 0;
    for (; i < Py_SIZE(seq); i++) {
        if ((i & 7) == 0) {
            pb = presence_of(seq, i);
            if (write_byte(o, pb) < 0) {
                return -1;
            }
        }
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if ((item != Py_None) != ((pb >> (i & 7)) & 1)) {
            return changed("list");
        }
        if (item != Py_None && encode_held(e, item, o, depth) < 0) {
            return -1;
        }
    }
    return i;
}

/* A list, or a list of optionals: its count, then its elements; a list whose length changed
 * meanwhile (code its elements ran) is EncodeError. */
static CSER_INLINE int encode_seq(Spec *s, PyObject *x, Out *o, int depth, int optionals) {
    PyObject *seq = as_seq(x);
    if (seq == NULL) {
        return -1;
    }
    const Py_ssize_t n = Py_SIZE(seq);
    Py_ssize_t i = -1;
    if (write_varint(o, (uint64_t)n) == 0) {
        i = optionals ? optional_items(s->elem, seq, o, depth) : list_items(s->elem, seq, n, o, depth);
    }
    int r = i < 0 ? -1 : i != n || Py_SIZE(seq) != n ? changed("list") : 0;
    Py_DECREF(seq);
    return r;
}

int encode_list(Spec *s, PyObject *x, Out *o, int depth) {
    return encode_seq(s, x, o, depth, 0);
}

int encode_optlist(Spec *s, PyObject *x, Out *o, int depth) {
    return encode_seq(s, x, o, depth, 1);
}

/* A map: a dict as it is, anything else (dict subclasses included) as dict(x.items()), as the
 * Python writers do. Its entries are walked in place, as Python's dict iterator walks them
 * (its checks included), keys and values held while they are written. */
int encode_map(Spec *s, PyObject *x, Out *o, int depth, int optionals) {
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
            w = codec.write_element(s->elem, k, o, depth);
        }
        if (w == 0 && optionals && (v != Py_None) != ((pb >> (count & 7)) & 1)) {
            w = changed("map");
        }
        if (w == 0 && (!optionals || v != Py_None)) {
            w = codec.write_element(s->value, v, o, depth);
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

/* ---- reading -------------------------------------------------------------------------------- */

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

/* list<T> where T is fixed-width or a varint scalar: no per-element path segments needed except
 * for the element that fails, which gets its index. */
PyObject *decode_list(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
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
            PyObject *x = PyFloat_FromDouble(f32_load(data + p));
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
    PyObject *(*const read_element)(Spec *, Dec *, Py_ssize_t *, Py_ssize_t, int) = codec.read_element;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = read_element(e, d, pos, end, depth);
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

PyObject *decode_optlist(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
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
            x = codec.read_element(s->elem, d, pos, end, depth);
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

/* Map keys that are short ASCII strings (property names, attribute names: the same few keys in
 * message after message) come from a small cache of str objects, found by a hash of their
 * bytes, as msgspec does for its keys: no new object to allocate and fill, and Python's hash
 * of the str, which the dict needs, is already computed and kept in it. A slot holds the last
 * key that hashed to it; any other key is made as usual and takes the slot. The result is the
 * same str either way. */
#define KEY_CACHE_SLOTS 512
#define KEY_CACHE_MAX_LEN 32
static PyObject *key_cache[KEY_CACHE_SLOTS];

static PyObject *decode_key_str(Dec *d, Py_ssize_t *pos, Py_ssize_t end) {
    const Py_ssize_t p = *pos;
    const uint8_t *data = d->data;
    if (p >= end || data[p] > KEY_CACHE_MAX_LEN || data[p] > end - p - 1) {
        return codec.read_string(d, pos, end); /* long, or truncated: the general path reports it */
    }
    const Py_ssize_t n = data[p];
    const uint8_t *chars = data + p + 1;
    /* Eight bytes a step (a key of up to 32 bytes is at most four steps), each mixed in by a
     * multiply; `seen` collects every byte to tell ASCII. A byte at a time, the hash was a
     * chain of 20 dependent multiplies for a 20-byte property name. */
    uint64_t h = (uint64_t)n, seen = 0;
    Py_ssize_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, chars + i, 8);
        seen |= w;
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
    }
    if (i < n) {
        uint64_t w = 0;
        for (int b = 0; i < n; i++, b += 8) {
            w |= (uint64_t)chars[i] << b;
        }
        seen |= w;
        h = (h ^ w) * 0x9E3779B97F4A7C15u;
    }
    if (seen & 0x8080808080808080u) {
        return codec.read_string(d, pos, end);
    }
    PyObject **slot = &key_cache[(h >> 40) & (KEY_CACHE_SLOTS - 1)];
    PyObject *k = *slot;
    if (k != NULL && PyUnicode_GET_LENGTH(k) == n && memcmp(PyUnicode_DATA(k), chars, (size_t)n) == 0) {
        *pos = p + 1 + n;
        return Py_NewRef(k);
    }
    k = PyUnicode_New(n, 127);
    if (k == NULL) {
        return NULL;
    }
    memcpy(PyUnicode_DATA(k), chars, (size_t)n);
    Py_XSETREF(*slot, Py_NewRef(k));
    *pos = p + 1 + n;
    return k;
}

/* Adds an entry; a key already there is DUPLICATE_MAP_KEY. One lookup (setdefault) where
 * "contains, then set" would hash and probe twice; the dict not growing is what tells a
 * duplicate (the value there may be the very object `v` is: None, True, a small int). */
static int map_put(PyObject *map, PyObject *k, PyObject *v, Py_ssize_t pos) {
    const Py_ssize_t before = PyDict_GET_SIZE(map);
    if (PyDict_SetDefault(map, k, v) == NULL) {
        return -1;
    }
    if (PyDict_GET_SIZE(map) == before) {
        dec_error(KIND_DUPLICATE_MAP_KEY, pos, "duplicate map key %R", k);
        return -1;
    }
    return 0;
}

PyObject *decode_map(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth, int optionals) {
    Py_ssize_t n = 0;
    if (*pos >= end) {
        truncated(end);
        return NULL;
    }
    if (read_count(d, pos, end, 1, optionals, &n) < 0) {
        return NULL;
    }
    /* Sized for its entries up front (a W3 entity's 11 properties grew the table twice).
     * Every entry but an absent optional's takes two bytes or more, so the table is sized for
     * at most half the bytes left: a count that lies costs no more than that. */
    const Py_ssize_t left_half = (end - *pos) / 2;
    PyObject *map = _PyDict_NewPresized(n < left_half ? n : left_half);
    if (map == NULL) {
        return NULL;
    }
    int pb = 0xFF;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (optionals && (i & 7) == 0 && read_list_presence(d, pos, end, i, n, &pb) < 0) {
            goto fail;
        }
        PyObject *k = s->elem->kind == K_STRING ? decode_key_str(d, pos, end)
                                                 : codec.read_element(s->elem, d, pos, end, depth);
        if (k == NULL) {
            goto fail;
        }
        PyObject *v;
        if (pb & (1 << (i & 7))) {
            v = codec.read_element(s->value, d, pos, end, depth);
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
