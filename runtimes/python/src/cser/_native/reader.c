/* Decoding (SPEC §4-§7): reads values by walking the TypeDefs of bind.c, as cser/reader.py's
 * code does: the same objects, the same errors at the same offsets with the same paths. */
#include "wire.h"

#include <string.h>

/* ---- reading primitives (SPEC §4) ----------------------------------------------------------- */

/* A byte length: TRUNCATED if there is none, LENGTH_TOO_LARGE if above the bytes that remain
 * before `end`. */
static inline int read_length(Dec *d, Py_ssize_t *pos, Py_ssize_t end, Py_ssize_t *n) {
    const Py_ssize_t start = *pos;
    if (start >= end) {
        return truncated(end);
    }
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


/* ---- decoding values ------------------------------------------------------------------------ */

/* The DecodeError of a string that is not well-formed UTF-8, starting at `p`, from the
 * UnicodeDecodeError Python's strict decoder raised (it rejects what RFC 3629 does:
 * surrogates, overlong forms, code points past U+10FFFF, truncated and stray continuation
 * bytes). */
CSER_COLD static void bad_utf8(Py_ssize_t p) {
    if (!PyErr_ExceptionMatches(PyExc_UnicodeDecodeError)) {
        return;
    }
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

/* Python code a decode runs (an open enum's unknown number, a zero value's constructor, the
 * UnknownFields class) is not the decode's own: it may leave garbage cycles, which the
 * collector, paused for the decode's own objects (module.c), is free to collect during those
 * calls as it would anywhere else. */
static inline void python_call_begin(Dec *d) {
    if (d->gc_paused) {
        PyGC_Enable();
    }
}

static inline void python_call_end(Dec *d) {
    if (d->gc_paused) {
        PyGC_Disable();
    }
}

static inline PyObject *decode_str(Dec *d, Py_ssize_t *pos, Py_ssize_t end) {
    Py_ssize_t n = 0;
    if (read_length(d, pos, end, &n) < 0) {
        return NULL;
    }
    const Py_ssize_t p = *pos;
    const uint8_t *chars = d->data + p;
    if (n >= 2 && n <= 64) {
        /* A short ASCII string (names, ids, codes): checked eight bytes at a time and copied
         * into a new str, without the general decoder's dispatch (a seventh of decoding W2's
         * employees). Anything else, and the one-character strings Python keeps ready-made,
         * take the general path. */
        uint64_t seen = 0;
        Py_ssize_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t w;
            memcpy(&w, chars + i, 8);
            seen |= w;
        }
        for (; i < n; i++) {
            seen |= chars[i];
        }
        if (!(seen & 0x8080808080808080u)) {
            PyObject *s = PyUnicode_New(n, 127);
            if (s != NULL) {
                memcpy(PyUnicode_DATA(s), chars, (size_t)n);
                *pos = p + n;
            }
            return s;
        }
    }
    PyObject *s = PyUnicode_DecodeUTF8((const char *)chars, n, "strict");
    if (s == NULL) {
        bad_utf8(p);
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
    python_call_begin(d);
    member = PyObject_CallOneArg(s->enum_cls, number);
    python_call_end(d);
    Py_DECREF(number);
    return member;
}

CSER_NOINLINE PyObject *decode_str_outline(Dec *d, Py_ssize_t *pos, Py_ssize_t end) {
    return decode_str(d, pos, end);
}

PyObject *decode_value(Spec *s, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
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
    case K_U16:
    case K_U32:
    case K_U64: {
        /* A varint within the type's range; the signed types zigzag-encoded (SPEC §4). */
        static const uint64_t max[K_U64 + 1] = {
            [K_I16] = 0xFFFF, [K_I32] = 0xFFFFFFFF, [K_I64] = UINT64_MAX,
            [K_U16] = 0xFFFF, [K_U32] = 0xFFFFFFFF, [K_U64] = UINT64_MAX,
        };
        if (p >= end) {
            truncated(end);
            return NULL;
        }
        if (read_varint(d, pos, end, max[s->kind], &u) < 0) {
            return NULL;
        }
        if (s->kind <= K_I64) {
            return PyLong_FromLongLong((long long)((u >> 1) ^ (~(u & 1) + 1)));
        }
        return PyLong_FromUnsignedLongLong(u);
    }
    case K_F32:
        if (p + 4 > end) {
            truncated(end);
            return NULL;
        }
        *pos = p + 4;
        return PyFloat_FromDouble(f32_load(data + p));
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

/* A record's unknown fields (SPEC §5.5.1): the unknown presence bits `bits` and the `n` bytes
 * at `p` left in its body after the fields it knows. Not both empty. */
CSER_COLD static int keep_unknown(Dec *d, TypeDef *td, PyObject *v, const uint8_t *p, Py_ssize_t n, int bits) {
    python_call_begin(d);
    PyObject *unknown = PyObject_CallFunction(UnknownFieldsType, "iy#", bits, (const char *)p, n);
    python_call_end(d);
    if (unknown == NULL) {
        return -1;
    }
    set_slot(v, td->unknown_offset, NULL, unknown);
    return 0;
}

/* A deprecated field's bytes, data[at:end] (SPEC §5.5.1), kept in `*dep` (a tuple made on the
 * first one kept) unless they are its zero value's; an optional field's whenever it is present
 * (the caller reads only those). */
static int keep_deprecated(TypeDef *td, Field *fd, Dec *d, PyObject **dep, Py_ssize_t at, Py_ssize_t end) {
    const Py_ssize_t n = end - at;
    if (!fd->optional && n == PyBytes_GET_SIZE(fd->zero)
        && memcmp(d->data + at, PyBytes_AS_STRING(fd->zero), (size_t)n) == 0) {
        return 0;
    }
    if (*dep == NULL) {
        *dep = PyTuple_New(td->ndeprecated);
        if (*dep == NULL) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < td->ndeprecated; i++) {
            PyTuple_SET_ITEM(*dep, i, Py_NewRef(Py_None));
        }
    }
    PyObject *b = PyBytes_FromStringAndSize((const char *)d->data + at, n);
    if (b == NULL) {
        return -1;
    }
    /* The tuple is this decode's own until it is stored: its items may still be set. */
    PyObject *old = PyTuple_GET_ITEM(*dep, fd->kept);
    PyTuple_SET_ITEM(*dep, fd->kept, b);
    Py_DECREF(old);
    return 0;
}

/* The bytes kept of a type's deprecated fields, `dep` (stolen; NULL: none), into its slot. */
static inline void store_deprecated(TypeDef *td, PyObject *v, PyObject *dep) {
    if (td->ndeprecated > 0) {
        set_slot(v, td->deprecated_offset, NULL, dep != NULL ? dep : Py_NewRef(Py_None));
    }
}

/* A record body that ended before field `start` (an older writer): it and the fields after it
 * take their zero values (SPEC §5.5). There are no unknown bytes; there are unknown presence
 * bits if the body held the presence byte that may have some (`pb`, the last one read). */
CSER_COLD static int zero_fields(Dec *d, TypeDef *td, PyObject *v, Py_ssize_t start, int pb) {
    for (Py_ssize_t f = start; f < td->nfields; f++) {
        Field *fd = &td->fields[f];
        if (fd->attr == NULL) {
            continue; /* deprecated: no attribute */
        }
        PyObject *zero;
        if (fd->zero_call) {
            python_call_begin(d);
            zero = PyObject_CallNoArgs(fd->zero);
            python_call_end(d);
        } else {
            zero = Py_NewRef(fd->zero);
        }
        if (zero == NULL || set_slot(v, fd->offset, fd->attr, zero) < 0) {
            return -1;
        }
    }
    int bits = td->unknown_field >= 0 && start > td->unknown_field ? pb & td->unknown_mask : 0;
    if (bits) {
        return keep_unknown(d, td, v, (const uint8_t *)"", 0, bits);
    }
    set_slot(v, td->unknown_offset, NULL, Py_NewRef(Py_None));
    return 0;
}

/* The fields of a record body (`record`: ends early = zero fields, extra bytes and unknown
 * presence bits kept as its unknown fields) or of a struct (every field present, presence bits
 * past the last slot rejected). A deprecated field is read as its type and dropped; the bytes
 * it was read from are kept (SPEC §5.5.1). */
static PyObject *decode_fields(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    const int record = td->kind == D_RECORD;
    PyObject *v = td->cls->tp_alloc(td->cls, 0);
    if (v == NULL) {
        return NULL;
    }
    PyObject *dep = NULL; /* the bytes kept of deprecated fields, a tuple once one is kept */
    int pb = 0;
    for (Py_ssize_t f = 0; f < td->nfields; f++) {
        Field *fd = &td->fields[f];
        if (record && *pos >= end && (!fd->optional || fd->group_start)) {
            /* The body ends before this field: an older writer; it and the rest are zero. */
            store_deprecated(td, v, dep);
            dep = NULL;
            if (zero_fields(d, td, v, f, pb) < 0) {
                goto fail;
            }
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
                const Py_ssize_t at = *pos;
                x = decode_value(fd->spec, d, pos, end, depth);
                if (x == NULL) {
                    goto fail_field;
                }
                if (fd->attr == NULL) {
                    /* Deprecated and present: its value's bytes are kept. */
                    Py_DECREF(x);
                    if (keep_deprecated(td, fd, d, &dep, at, *pos) < 0) {
                        goto fail;
                    }
                    continue;
                }
            } else if (fd->attr == NULL) {
                continue; /* deprecated and absent: nothing kept */
            } else {
                x = Py_NewRef(Py_None);
            }
        } else {
            const Py_ssize_t at = *pos;
            x = decode_value(fd->spec, d, pos, end, depth);
            if (x == NULL) {
                goto fail_field;
            }
            if (fd->attr == NULL) {
                /* Deprecated: read to check it, its bytes kept unless they are its zero's. */
                Py_DECREF(x);
                if (keep_deprecated(td, fd, d, &dep, at, *pos) < 0) {
                    goto fail;
                }
                continue;
            }
        }
        if (set_slot(v, fd->offset, fd->attr, x) < 0) {
            goto fail;
        }
        continue;
    fail_field:
        push_segment(S_push_field, fd->path);
        goto fail;
    }
    store_deprecated(td, v, dep);
    dep = NULL;
    if (record) {
        /* Bytes after the known fields, or bits of slots this record does not have: a newer
         * writer's, kept as they are (SPEC §5.5.1). */
        if (*pos < end || (pb & td->unknown_mask)) {
            if (keep_unknown(d, td, v, d->data + *pos, end - *pos, pb & td->unknown_mask) < 0) {
                goto fail;
            }
        } else {
            /* None, in the slot tp_alloc left NULL. */
            *(PyObject **)((char *)v + td->unknown_offset) = Py_NewRef(Py_None);
        }
        *pos = end;
    }
    return v;
fail:
    Py_XDECREF(dep);
    Py_DECREF(v);
    return NULL;
}

PyObject *decode_record_body(TypeDef *td, Dec *d, Py_ssize_t pos, Py_ssize_t end, int depth) {
    if (enter(d, depth, pos) < 0) {
        return NULL;
    }
    PyObject *v = decode_fields(td, d, &pos, end, depth - 1);
    leave(d);
    return v;
}

/* The path segment of a union value whose tag the union does not have: "Shape.<tag 4>". */
CSER_COLD static void push_tag_segment(TypeDef *td, uint64_t tag) {
    PyObject *seg = PyUnicode_FromFormat("%S.<tag %llu>", td->short_name, (unsigned long long)tag);
    if (seg != NULL) {
        push_segment(S_push_field, seg);
        Py_DECREF(seg);
    }
}

/* An unknown variant (SPEC §5.7): the payload's length, checked against the bytes that remain,
 * and its bytes kept unparsed in a cser.UnknownVariant, held by the union's Unknown subclass. */
CSER_COLD static PyObject *decode_unknown_variant(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, uint64_t tag) {
    Py_ssize_t n = 0;
    if (read_length(d, pos, end, &n) < 0) {
        push_tag_segment(td, tag);
        return NULL;
    }
    python_call_begin(d);
    PyObject *u = PyObject_CallFunction(UnknownVariantFactory, "Ky#", (unsigned long long)tag,
                                        (const char *)d->data + *pos, n);
    python_call_end(d);
    if (u == NULL) {
        return NULL;
    }
    *pos += n;
    PyObject *v = td->unknown_cls->tp_alloc(td->unknown_cls, 0);
    if (v == NULL) {
        Py_DECREF(u);
        return NULL;
    }
    set_slot(v, td->unknown_value_offset, NULL, u);
    return v;
}

/* A known variant's value (SPEC §5.7): a record variant is the record, whose length is the
 * payload's; any other value has a length before it and must fill exactly its payload: read
 * against the payload's end (TRUNCATED past it), TRAILING_BYTES if bytes are left. */
static PyObject *decode_variant(Variant *var, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    if (var->spec->kind == K_REF && var->spec->ref->kind == D_RECORD) {
        return decode_value(var->spec, d, pos, end, depth);
    }
    Py_ssize_t n = 0;
    if (read_length(d, pos, end, &n) < 0) {
        return NULL;
    }
    const Py_ssize_t payload_end = *pos + n;
    PyObject *x = decode_value(var->spec, d, pos, payload_end, depth);
    if (x != NULL && *pos != payload_end) {
        Py_DECREF(x);
        dec_error(KIND_TRAILING_BYTES, *pos, "%zd bytes after the value", payload_end - *pos);
        return NULL;
    }
    return x;
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
        PyObject *x = decode_variant(var, d, pos, end, depth);
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
    if (tag != 0) {
        return decode_unknown_variant(td, d, pos, end, tag);
    }
    dec_error(KIND_UNKNOWN_UNION_TAG, *pos, "unknown tag %llu of union %S", (unsigned long long)tag, td->type_name);
    push_tag_segment(td, tag);
    return NULL;
}

PyObject *decode_typedef(TypeDef *td, Dec *d, Py_ssize_t *pos, Py_ssize_t end, int depth) {
    if (td->kind == D_RECORD) {
        /* A record: its length, then its body (SPEC §5.5). */
        Py_ssize_t n = 0;
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
