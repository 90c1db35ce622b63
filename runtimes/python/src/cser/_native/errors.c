/* Raising cser.DecodeError and cser.EncodeError (cser/errors.py), and the field path of a
 * decode error as it unwinds. */
#include "native.h"

#include <stdarg.h>
#include <string.h>

PyObject *DecodeError;
PyObject *EncodeError;
PyObject *S_push_field, *S_push_index, *S_push_key;
static PyObject *S_hint;
static PyObject *StreamHint; /* cser.errors.STREAM_HINT */

static PyObject *KindMembers[KIND_COUNT]; /* cser.errors.DecodeErrorKind members, by KIND_* */

static const char *const KIND_NAMES[KIND_COUNT] = {
    "TRUNCATED", "OVERLONG_VARINT", "BAD_VARINT", "OUT_OF_RANGE", "BAD_BOOL", "BAD_UTF8",
    "LENGTH_TOO_LARGE", "DUPLICATE_MAP_KEY", "BAD_PRESENCE", "DEPTH_EXCEEDED",
    "UNKNOWN_UNION_TAG", "TRAILING_BYTES",
};

/* At module init: the names of the push_* methods. */
int errors_init(void) {
    S_push_field = PyUnicode_InternFromString("push_field");
    S_push_index = PyUnicode_InternFromString("push_index");
    S_push_key = PyUnicode_InternFromString("push_key");
    S_hint = PyUnicode_InternFromString("hint");
    return S_push_field == NULL || S_push_index == NULL || S_push_key == NULL || S_hint == NULL
        ? -1 : 0;
}

/* On the first bind: the error classes (cser.errors imports nothing of this extension). */
int load_errors(void) {
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
    StreamHint = PyObject_GetAttrString(mod, "STREAM_HINT");
    EncodeError = PyObject_GetAttrString(mod, "EncodeError");
    DecodeError = PyObject_GetAttrString(mod, "DecodeError");
    Py_DECREF(mod);
    return DecodeError != NULL && EncodeError != NULL && StreamHint != NULL ? 0 : -1;
}

int dec_error(int kind, Py_ssize_t offset, const char *fmt, ...) {
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

int truncated(Py_ssize_t end) {
    return dec_error(KIND_TRUNCATED, end, "the input ends inside a value");
}

void push_segment(PyObject *method, PyObject *arg) {
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

void add_stream_hint(const uint8_t *data, Py_ssize_t len) {
    if (len < 4 || memcmp(data, "CSER", 4) != 0 || !PyErr_ExceptionMatches(DecodeError)) {
        return;
    }
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (PyObject_SetAttr(value, S_hint, StreamHint) < 0) {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
        return;
    }
    PyErr_Restore(type, value, tb);
}

void push_index(Py_ssize_t i) {
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

int enc_error(const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    raise_formatted(EncodeError, fmt, va);
    va_end(va);
    return -1;
}

int type_error(const char *fmt, ...) {
    va_list va;
    va_start(va, fmt);
    raise_formatted(PyExc_TypeError, fmt, va);
    va_end(va);
    return -1;
}
