/* Encoding (SPEC §4-§7): writes values by walking the TypeDefs of bind.c, as cser/writer.py's
 * code does: the same bytes, the same EncodeErrors. */
#include "wire.h"

#include <string.h>

static inline int varint_size(uint64_t v) {
    int n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
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

/* Any value of any kind, with every check and error of SPEC §4-§7. */
CSER_NOINLINE int encode_value_any(Spec *s, PyObject *x, Out *o, int depth) {
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

/* A value: the kinds most fields have (ASCII strings, small ints, bools, records), written
 * inline; the rest, and every value that needs a check these skip, by encode_value_any. The
 * bytes are the same either way. */
int encode_value(Spec *s, PyObject *x, Out *o, int depth) {
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

/* What a record or struct keeps of its deprecated fields (SPEC §5.5.1), its `_cser_deprecated`
 * slot (getattr on anything but an instance of its class, as the Python writers): None, or a
 * tuple of one bytes or None per deprecated field, as a decoder makes it (checked as
 * cser.writer.check_kept checks it). A new reference, or NULL with TypeError. */
static PyObject *get_deprecated(TypeDef *td, PyObject *x, int instance) {
    PyObject *dep;
    if (instance) {
        dep = *(PyObject **)((char *)x + td->deprecated_offset);
        if (dep == NULL) {
            type_error("%R has no attribute %R", x, S_cser_deprecated);
            return NULL;
        }
        Py_INCREF(dep);
    } else {
        dep = PyObject_GetAttr(x, S_cser_deprecated);
        if (dep == NULL) {
            if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
                PyErr_Clear();
                type_error("no attribute %R", S_cser_deprecated);
            }
            return NULL;
        }
    }
    if (dep == Py_None) {
        return dep;
    }
    int ok = PyTuple_CheckExact(dep) && PyTuple_GET_SIZE(dep) == td->ndeprecated;
    for (Py_ssize_t i = 0; ok && i < td->ndeprecated; i++) {
        PyObject *b = PyTuple_GET_ITEM(dep, i);
        ok = b == Py_None || PyBytes_CheckExact(b);
    }
    if (!ok) {
        Py_DECREF(dep);
        type_error("the bytes %S keeps of its deprecated fields are not a tuple of %zd bytes or None", td->type_name,
                   td->ndeprecated);
        return NULL;
    }
    return dep;
}

/* A deprecated field (SPEC §5.5.1): the bytes kept for it, else its zero value's (nothing for an
 * optional field, whose presence bit is then clear). `dep`: the tuple of kept bytes, or NULL. */
static int encode_deprecated(Field *fd, PyObject *dep, Out *o) {
    PyObject *b = dep != NULL ? PyTuple_GET_ITEM(dep, fd->kept) : Py_None;
    if (b == Py_None) {
        if (fd->optional) {
            return 0;
        }
        b = fd->zero;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(b);
    if (out_reserve(o, n) < 0) {
        return -1;
    }
    memcpy(o->buf + o->len, PyBytes_AS_STRING(b), (size_t)n);
    o->len += n;
    return 0;
}

/* The fields in id order, with a presence byte before each group of eight optional slots; a
 * record's unknown fields after them. `dep`: the bytes kept of its deprecated fields (a tuple
 * get_deprecated checked), or NULL for none. */
static int encode_fields_with(TypeDef *td, PyObject *x, PyObject *dep, int instance, Out *o, int depth) {
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
                    /* Deprecated: present if bytes were kept for it. */
                    if (dep != NULL && PyTuple_GET_ITEM(dep, gf->kept) != Py_None) {
                        pb |= (uint8_t)gf->bit;
                    }
                    continue;
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
            if (encode_deprecated(fd, dep, o) < 0) {
                return -1;
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

int encode_fields(TypeDef *td, PyObject *x, Out *o, int depth) {
    /* Slots are read directly in instances of the class itself; a subclass may have replaced a
     * field by a property, which getattr calls, as the Python writers do. */
    const int instance = Py_IS_TYPE(x, td->cls);
    /* What it keeps of its deprecated fields, held while the fields are written: code they run
     * may replace the slot. (One call of encode_fields_with, which the compiler inlines.) */
    PyObject *dep = NULL;
    if (td->ndeprecated > 0 && (dep = get_deprecated(td, x, instance)) == NULL) {
        return -1;
    }
    int r = encode_fields_with(td, x, dep == Py_None ? NULL : dep, instance, o, depth);
    Py_XDECREF(dep);
    return r;
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

/* The EncodeError of an Unknown subclass whose value is not a cser.UnknownVariant a decoder made
 * (cser.errors.not_unknown_variant). */
CSER_COLD static int not_unknown_variant(TypeDef *td, PyObject *u) {
#if PY_VERSION_HEX >= 0x030B0000
    PyObject *name = PyType_GetName(Py_TYPE(u));
    if (name == NULL) {
        return -1;
    }
    enc_error("the unknown variant of union %S holds %U, not a cser.UnknownVariant a decoder made", td->type_name,
              name);
    Py_DECREF(name);
    return -1;
#else
    return enc_error("the unknown variant of union %S holds %s, not a cser.UnknownVariant a decoder made",
                     td->type_name, _PyType_Name(Py_TYPE(u)));
#endif
}

/* An unknown variant (SPEC §5.7) as it was read: its tag, its payload's length, its payload. */
CSER_COLD static int encode_unknown_variant(TypeDef *td, PyObject *x, Out *o) {
    PyObject *u;
    if (Py_IS_TYPE(x, td->unknown_cls)) {
        u = *(PyObject **)((char *)x + td->unknown_value_offset);
        if (u == NULL) {
            return type_error("%R has no value", x);
        }
        Py_INCREF(u);
    } else {
        /* A subclass may have replaced `value` by a property: getattr, as the Python writers. */
        u = PyObject_GetAttrString(x, "value");
        if (u == NULL) {
            return -1;
        }
    }
    int r = -1;
    PyObject *tag = NULL, *payload = NULL;
    if (!Py_IS_TYPE(u, (PyTypeObject *)UnknownVariantType)) {
        not_unknown_variant(td, u);
        goto done;
    }
    tag = PyObject_GetAttr(u, S_tag_slot);
    payload = tag == NULL ? NULL : PyObject_GetAttr(u, S_payload_slot);
    if (payload == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError)) {
            goto done;
        }
        PyErr_Clear();
        not_unknown_variant(td, u);
        goto done;
    }
    unsigned long long t = PyLong_CheckExact(tag) ? PyLong_AsUnsignedLongLong(tag) : 0;
    if (t == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        t = 0;
    }
    if (t < 1 || t > 0xFFFFFFFFull || !PyBytes_CheckExact(payload)) {
        not_unknown_variant(td, u);
        goto done;
    }
    if (t <= (unsigned long long)td->nvariants) {
        /* Another union's value: its bytes would read as this union's own variant t
         * (cser.errors.known_tag_as_unknown). */
        enc_error("the unknown variant of union %S has tag %llu, one of the union's own (1..%zd): it comes "
                  "from another union's value", td->type_name, t, td->nvariants);
        goto done;
    }
    if (write_varint(o, (uint64_t)t) < 0) {
        goto done;
    }
    r = write_raw(o, PyBytes_AS_STRING(payload), PyBytes_GET_SIZE(payload));
done:
    Py_XDECREF(payload);
    Py_XDECREF(tag);
    Py_DECREF(u);
    return r;
}

/* A known variant's payload (SPEC §5.7): a record variant is the record (its own length); any
 * other value gets a length before it, one byte left for it and filled in afterwards (a value
 * of 128 bytes or more moves to make room, as a record body does). */
static int encode_variant(Variant *var, PyObject *v, Out *o, int depth) {
    if (var->spec->kind == K_REF && var->spec->ref->kind == D_RECORD) {
        return encode_value(var->spec, v, o, depth);
    }
    if (out_reserve(o, 1) < 0) {
        return -1;
    }
    const Py_ssize_t start = o->len;
    o->len += 1;
    if (encode_value(var->spec, v, o, depth) < 0) {
        return -1;
    }
    Py_ssize_t n = o->len - start - 1;
    if (n < 0x80) {
        o->buf[start] = (uint8_t)n;
        return 0;
    }
    int size = varint_size((uint64_t)n);
    if (out_reserve(o, size - 1) < 0) {
        return -1;
    }
    memmove(o->buf + start + size, o->buf + start + 1, (size_t)n);
    o->len = start;
    put_varint(o, (uint64_t)n);
    o->len = start + size + n;
    return 0;
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
        int r = encode_variant(var, v, o, depth);
        Py_DECREF(v);
        return r;
    }
    if (td->unknown_cls != NULL && PyObject_TypeCheck(x, td->unknown_cls)) {
        return encode_unknown_variant(td, x, o);
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
