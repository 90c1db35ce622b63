/* The module cser._native: bind(), and TypeCodec, the codec of one bound type, whose methods
 * decode and encode whole messages (SPEC §5.8) and stream frames' contents (SPEC §8). */
#include "native.h"

#include <string.h>

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

/* The cyclic collector is paused while a value is decoded (CPython 3.10 and 3.11): every object
 * made is reachable from the value being built (a failed decode frees its part by reference
 * counting), so a collection in the middle frees nothing and only traverses the new objects,
 * once per 700 allocations, and now and then the older generations too. That was a third of
 * the time of decoding W2's 5,000 employees (benchmarks/notes.md). The new objects count towards the next
 * collection as usual. A collector the program disabled stays disabled. Python code a decode
 * calls (reader.c, python_call_begin) runs with the collector on: it can make garbage cycles.
 * From 3.12 on CPython collects only between bytecodes, never inside a C call, so there is
 * nothing to pause. */
static inline int pause_gc(void) {
#if PY_VERSION_HEX < 0x030C0000
    return PyGC_Disable();
#else
    return 0;
#endif
}

static inline void resume_gc(int was_enabled) {
    if (was_enabled) {
        PyGC_Enable();
    }
}

/* One whole message (SPEC §5.8) of `data`, a bytes-like object. */
static PyObject *decode_message(TypeCodec *self, PyObject *data, int depth) {
    Py_buffer view;
    if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    Dec d = {(const uint8_t *)view.buf, 0, pause_gc()};
    Py_ssize_t pos = 0;
    PyObject *v = decode_typedef(self->td, &d, &pos, view.len, depth);
    resume_gc(d.gc_paused);
    v = finish_decode(v, pos, view.len);
    if (v == NULL) {
        add_stream_hint(d.data, view.len);
    }
    PyBuffer_Release(&view);
    return v;
}

/* decode(data, max_depth): one whole message, for the runtime (streams, tools). */
static PyObject *TypeCodec_decode(TypeCodec *self, PyObject *const *args, Py_ssize_t nargs) {
    int depth;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "decode(data, max_depth)");
        return NULL;
    }
    if (parse_depth(args[1], &depth) < 0) {
        return NULL;
    }
    return decode_message(self, args[0], depth);
}

/* The generated class's decode(data, *, max_depth=64), which cser.bind.bind sets to this
 * method of the class's codec: the same arguments as the generated classmethod, without its
 * Python frame (an eighth of decoding a W6 message). */
static PyObject *TypeCodec_class_decode(TypeCodec *self, PyObject *const *args, Py_ssize_t nargs,
                                        PyObject *kwnames) {
    PyObject *data = nargs >= 1 ? args[0] : NULL;
    PyObject *max_depth = NULL;
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    if (nargs > 1) {
        PyErr_Format(PyExc_TypeError, "%U.decode() takes 1 positional argument but %zd were given",
                     self->td->type_name, nargs);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        PyObject **slot = PyUnicode_CompareWithASCIIString(name, "max_depth") == 0 ? &max_depth
                          : PyUnicode_CompareWithASCIIString(name, "data") == 0   ? &data
                                                                                  : NULL;
        if (slot == NULL || *slot != NULL) {
            PyErr_Format(PyExc_TypeError, "%U.decode() got %s keyword argument '%U'", self->td->type_name,
                         slot == NULL ? "an unexpected" : "a second", name);
            return NULL;
        }
        *slot = args[nargs + i];
    }
    if (data == NULL) {
        PyErr_Format(PyExc_TypeError, "%U.decode() missing 1 required argument: 'data'", self->td->type_name);
        return NULL;
    }
    int depth = MAX_DEPTH;
    if (max_depth != NULL && parse_depth(max_depth, &depth) < 0) {
        return NULL;
    }
    return decode_message(self, data, depth);
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
    Dec d = {(const uint8_t *)view.buf, 0, pause_gc()};
    PyObject *v;
    if (self->td->kind == D_RECORD) {
        v = decode_record_body(self->td, &d, pos, end, depth);
        pos = end;
    } else {
        v = decode_typedef(self->td, &d, &pos, end, depth);
    }
    resume_gc(d.gc_paused);
    PyBuffer_Release(&view);
    if (v == NULL) {
        finish_decode(NULL, 0, 0);
        return NULL;
    }
    PyObject *r = Py_BuildValue("(Nn)", v, pos);
    return r;
}

/* A value of the wrong type (TypeError, AttributeError, OverflowError) or nested too deeply
 * for the stack (RecursionError) is EncodeError, as the Python writers report them
 * (cser/message.py); anything else code the writer called raised goes on unchanged. */
static PyObject *wrap_encode_failure(PyObject *value) {
    if (PyErr_ExceptionMatches(PyExc_RuntimeError) && !PyErr_ExceptionMatches(PyExc_RecursionError)) {
        /* Python's dict iteration found its dict changed (copying a dict subclass, whose keys'
         * __hash__ ran code): the Python writers' error for it (cser.errors.DICT_CHANGED). */
        PyObject *type, *exc, *tb;
        PyErr_Fetch(&type, &exc, &tb);
        PyErr_NormalizeException(&type, &exc, &tb);
        PyObject *text = exc != NULL ? PyObject_Str(exc) : NULL;
        int dict_changed = text != NULL
            && (PyUnicode_CompareWithASCIIString(text, "dictionary changed size during iteration") == 0
                || PyUnicode_CompareWithASCIIString(text, "dictionary keys changed during iteration") == 0);
        Py_XDECREF(text);
        if (dict_changed) {
            Py_XDECREF(type);
            Py_XDECREF(exc);
            Py_XDECREF(tb);
            enc_error("map changed while it was encoded");
        } else {
            PyErr_Clear();
            PyErr_Restore(type, exc, tb);
        }
        return NULL;
    }
    if (!PyErr_ExceptionMatches(PyExc_TypeError) && !PyErr_ExceptionMatches(PyExc_AttributeError)
        && !PyErr_ExceptionMatches(PyExc_OverflowError) && !PyErr_ExceptionMatches(PyExc_RecursionError)) {
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
    /* An eighth more than the last message: the next one of about the same size fits, and
     * cutting the bytes object down to size at the end leaves it where it is. */
    if (out_init_bytes(&o, self->size_hint + self->size_hint / 8) < 0) {
        return NULL;
    }
    PyObject *r = NULL;
    if (encode_typedef(self->td, value, &o, MAX_DEPTH) == 0) {
        self->size_hint = o.len;
        r = out_take_bytes(&o);
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
    {"class_decode", (PyCFunction)(void (*)(void))TypeCodec_class_decode, METH_FASTCALL | METH_KEYWORDS,
     "class_decode($self, data, *, max_depth=64)\n--\n\n"
     "Decodes a message: data must hold exactly one value. Raises cser.DecodeError."},
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

PyTypeObject TypeCodecType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cser._native.TypeCodec",
    .tp_basicsize = sizeof(TypeCodec),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The native reader and writer of one bound record, struct or union.",
    .tp_methods = TypeCodec_methods,
    .tp_repr = (reprfunc)TypeCodec_repr,
};

/* method(func) -> a descriptor that binds func to an instance as its first argument, as a
 * Python function in a class does: a generated class's encode becomes its codec's C encode,
 * value.encode() without the generated method's Python frame. */
static PyObject *instance_method(PyObject *module, PyObject *func) {
    (void)module;
    if (!PyCallable_Check(func)) {
        PyErr_SetString(PyExc_TypeError, "method(func): func must be callable");
        return NULL;
    }
    return PyInstanceMethod_New(func);
}

static PyMethodDef module_methods[] = {
    {"method", instance_method, METH_O,
     "method(func) -> a descriptor binding func to an instance, as a function in a class is."},
    {"bind", bind_types, METH_O,
     "bind(types) -> tuple of TypeCodec: compiles a generated module's type descriptors."},
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
    static const ElementCodecs element_codecs = {decode_value, decode_str_outline, encode_value, encode_typedef};
    collections_init(&element_codecs);
    if (errors_init() < 0 || bind_init() < 0) {
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
