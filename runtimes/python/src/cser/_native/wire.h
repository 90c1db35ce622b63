/*
 * The small helpers that reader.c, writer.c and collections.c all inline: reading a varint,
 * the output buffer and writing varints, bytes and length-prefixed strings into it, and the
 * values written without running Python code (encode_plain). They are here, as static inline
 * functions, because they must be inlined in each of those files (the build has no link-time
 * optimisation): called out of line in a hot loop they cost a call per element or field. What
 * is larger or off the hot path (out_grow, encode_value, decode_value) is an
 * ordinary function, declared in native.h.
 */
#ifndef CSER_WIRE_H
#define CSER_WIRE_H

#include "native.h"

#include <string.h>

/* ---- reading (SPEC §4) ---------------------------------------------------------------------- */

static inline const char *range_name(uint64_t max) {
    switch (max) {
    case 0xFFFF: return "u16 (or zigzag i16)";
    case 0xFFFFFFFF: return "u32 (or zigzag i32)";
    case 0x7FFFFFFF: return "an enum (0..2^31-1)";
    default: return "u64";
    }
}

/* A varint of more than two bytes, or one that is malformed or above `max`: read_varint reads
 * the rest inline. A static function, not an inline one, and not in wire.c: each file gets its
 * own copy, which the compiler may inline or specialise for the constant `max` of each call, as
 * it did when this function lived in reader.c (without it, decoding took 2-3% more
 * instructions: the build has no link-time optimisation). */
static CSER_MAYBE_UNUSED int read_varint_slow(Dec *d, Py_ssize_t *pos, Py_ssize_t end, uint64_t max,
                                              uint64_t *out) {
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

/* A varint no larger than `max` (at least 0xFFFF, so a one- or two-byte varint always fits).
 * One and two bytes (values below 2^14: lengths, counts, most numbers) are read inline; a
 * two-byte varint whose second byte is 0 is overlong, which the slow path reports. */
static inline int read_varint(Dec *d, Py_ssize_t *pos, Py_ssize_t end, uint64_t max, uint64_t *out) {
    Py_ssize_t p = *pos;
    if (p < end && d->data[p] < 0x80) {
        *out = d->data[p];
        *pos = p + 1;
        return 0;
    }
    if (p + 1 < end && d->data[p + 1] < 0x80 && d->data[p + 1] != 0) {
        *out = (uint64_t)(d->data[p] & 0x7F) | (uint64_t)d->data[p + 1] << 7;
        *pos = p + 2;
        return 0;
    }
    return read_varint_slow(d, pos, end, max, out);
}

/* ---- writing: the output buffer ------------------------------------------------------------- */

static inline int out_reserve(Out *o, Py_ssize_t n) {
    return o->len + n <= o->cap ? 0 : out_grow(o, n);
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

/* ---- writing: values that take no Python code ----------------------------------------------- */

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

#endif
