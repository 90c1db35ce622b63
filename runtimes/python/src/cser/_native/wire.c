/* The out-of-line half of wire.h: the output buffer's life (its growth, a buffer inside a bytes
 * object, its end), under writer.c, collections.c and module.c, calling none of them. */
#include "wire.h"

#include <string.h>

/* ---- the output buffer ---------------------------------------------------------------------- */

int out_grow(Out *o, Py_ssize_t n) {
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
         * realloc made W3's encode slower and uneven (the allocator splitting and merging the
         * block; benchmarks/notes.md has the figures). The object keeps its spare bytes until
         * it is freed: at most a quarter of its size and 64. Large messages still get the
         * realloc, which measured faster for W1's 200 kB message. */
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
