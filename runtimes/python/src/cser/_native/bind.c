/* Binding: turns the descriptors of a generated module (cser/descriptors.py documents their
 * shape) into the TypeDefs reader.c and writer.c walk, one TypeCodec per record, struct and
 * union. */
#include "native.h"

#include <structmember.h>

static PyObject *Registry; /* class -> capsule(TypeDef *) of every bound type */

PyObject *UnknownFieldsType;
PyObject *S_cser_unknown, *S_presence_bits, *S_data;
PyObject *S_cser_deprecated;
PyObject *UnknownVariantType, *UnknownVariantFactory;
PyObject *S_tag_slot, *S_payload_slot;

int bind_init(void) {
    Registry = PyDict_New();
    S_cser_unknown = PyUnicode_InternFromString("_cser_unknown");
    S_cser_deprecated = PyUnicode_InternFromString("_cser_deprecated");
    S_presence_bits = PyUnicode_InternFromString("presence_bits");
    S_data = PyUnicode_InternFromString("data");
    S_tag_slot = PyUnicode_InternFromString("_tag");
    S_payload_slot = PyUnicode_InternFromString("_payload");
    return Registry == NULL || S_cser_unknown == NULL || S_cser_deprecated == NULL || S_presence_bits == NULL
                   || S_data == NULL
                   || S_tag_slot == NULL || S_payload_slot == NULL
               ? -1
               : 0;
}

/* On the first bind: the class of a record's unknown fields. */
static int load_unknown(void) {
    if (UnknownFieldsType != NULL) {
        return 0;
    }
    PyObject *mod = PyImport_ImportModule("cser.unknown");
    if (mod == NULL) {
        return -1;
    }
    UnknownFieldsType = PyObject_GetAttrString(mod, "UnknownFields");
    UnknownVariantType = UnknownFieldsType == NULL ? NULL : PyObject_GetAttrString(mod, "UnknownVariant");
    UnknownVariantFactory = UnknownVariantType == NULL ? NULL : PyObject_GetAttrString(mod, "_unknown_variant");
    Py_DECREF(mod);
    if (UnknownVariantFactory == NULL) {
        Py_CLEAR(UnknownFieldsType);
        Py_CLEAR(UnknownVariantType);
        return -1;
    }
    return 0;
}

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

/* The outer shape of a declared type's description: 8 items for a record, 6 for a struct or a
 * union. */
static int declared(PyObject *desc) {
    if (!PyTuple_Check(desc) || PyTuple_GET_SIZE(desc) < 5) {
        return 0;
    }
    PyObject *kind = PyTuple_GET_ITEM(desc, 0);
    long k = PyLong_Check(kind) ? PyLong_AsLong(kind) : 0;
    Py_ssize_t size = k == D_RECORD ? 8 : k == D_STRUCT || k == D_UNION ? 6 : 5;
    PyErr_Clear();
    return PyTuple_GET_SIZE(desc) == size && PyType_Check(PyTuple_GET_ITEM(desc, 1))
           && PyUnicode_Check(PyTuple_GET_ITEM(desc, 2)) && PyUnicode_Check(PyTuple_GET_ITEM(desc, 3));
}

/* First pass: the type's class, kind and names, registered so that fields can refer to it. */
static TypeDef *declare(PyObject *desc) {
    if (!declared(desc)) {
        bad_description("declared type");
        return NULL;
    }
    TypeDef *td = PyMem_Calloc(1, sizeof(TypeDef));
    if (td == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    td->kind = (int)PyLong_AsLong(PyTuple_GET_ITEM(desc, 0));
    td->unknown_field = -1;
    td->cls = (PyTypeObject *)Py_NewRef(PyTuple_GET_ITEM(desc, 1));
    td->type_name = Py_NewRef(PyTuple_GET_ITEM(desc, 2));
    td->short_name = Py_NewRef(PyTuple_GET_ITEM(desc, 3));
    PyObject *cap = PyCapsule_New(td, "cser.TypeDef", NULL);
    if (cap == NULL || PyDict_SetItem(Registry, (PyObject *)td->cls, cap) < 0) {
        Py_XDECREF(cap);
        return NULL;
    }
    Py_DECREF(cap);
    return td;
}

/* A union's variants: (tag, variant class, "Name.variant", type). */
static int define_variants(TypeDef *td, PyObject *members) {
    Py_ssize_t n = PyTuple_GET_SIZE(members);
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

/* A record's or struct's fields: (attribute or None, "Name.field", type, optional slot or -1,
 * zero value, factory or a deprecated field's zero bytes). Slot s has bit s % 8 of the presence
 * byte written before slot s - s % 8 (SPEC §5.4). A type with deprecated fields keeps their
 * bytes in the slot `_cser_deprecated` (SPEC §5.5.1), which its class must have. */
static int define_fields(TypeDef *td, PyObject *members) {
    Py_ssize_t n = PyTuple_GET_SIZE(members);
    td->nfields = n;
    td->fields = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Field));
    if (td->fields == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    long slots = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *f = PyTuple_GET_ITEM(members, i);
        if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) != 5 || !PyLong_Check(PyTuple_GET_ITEM(f, 3))) {
            return bad_description("field");
        }
        Field *fd = &td->fields[i];
        PyObject *attr = PyTuple_GET_ITEM(f, 0);
        if (attr != Py_None) {
            if (!PyUnicode_Check(attr)) {
                return bad_description("field attribute");
            }
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
        long slot = PyLong_AsLong(PyTuple_GET_ITEM(f, 3));
        if ((slot == -1 && PyErr_Occurred()) || slot < -1 || slot > 0xFFFF) {
            return PyErr_Occurred() ? -1 : bad_description("field slot");
        }
        PyObject *zero = PyTuple_GET_ITEM(f, 4);
        if (fd->attr == NULL && !PyBytes_Check(zero)) {
            return bad_description("a deprecated field without its zero bytes");
        }
        fd->zero = Py_NewRef(zero);
        fd->zero_call = fd->attr != NULL && PyCallable_Check(zero);
        fd->kept = fd->attr == NULL ? (int)td->ndeprecated++ : -1;
        fd->slot = (int)slot;
        int container = fd->spec->kind >= K_LIST && fd->spec->kind <= K_REF;
        if (container && fd->offset >= 0 && td->nprefetch < MAX_PREFETCH) {
            td->prefetch[td->nprefetch++] = fd->offset;
        }
        if (slot >= 0) {
            fd->optional = 1;
            fd->bit = 1 << (slot & 7);
            fd->group_start = (slot & 7) == 0;
            slots = slot + 1 > slots ? slot + 1 : slots;
        }
    }
    /* The size of each group: the optional slots from its first one on, at most eight. */
    for (Py_ssize_t i = 0; i < n; i++) {
        Field *fd = &td->fields[i];
        if (fd->group_start) {
            fd->group_size = (int)(slots - fd->slot < 8 ? slots - fd->slot : 8);
        }
    }
    if (td->ndeprecated > 0) {
        td->deprecated_offset = slot_offset(td->cls, S_cser_deprecated);
        if (td->deprecated_offset < 0) {
            return bad_description("a class with deprecated fields without a _cser_deprecated slot");
        }
    }
    return 0;
}

/* A record's unknown fields (SPEC §5.5.1): the slot that holds them, and where its unknown
 * presence bits are, which the description states (the compiler's extensible presence group)
 * and which must be what the fields say: the last presence byte, if it has fewer than 8 slots. */
static int define_unknown(TypeDef *td, PyObject *desc) {
    int field = -1;
    int mask = 0;
    for (Py_ssize_t i = td->nfields - 1; i >= 0; i--) {
        Field *fd = &td->fields[i];
        if (fd->group_start) {
            if (fd->group_size < 8) {
                field = (int)i;
                mask = 0xFF & ~((1 << fd->group_size) - 1);
            }
            break;
        }
    }
    long given_field = PyLong_AsLong(PyTuple_GET_ITEM(desc, 5));
    long given_mask = PyErr_Occurred() ? -1 : PyLong_AsLong(PyTuple_GET_ITEM(desc, 6));
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return bad_description("unknown presence bits");
    }
    if (given_field != field || given_mask != mask) {
        return bad_description("unknown presence bits");
    }
    td->unknown_field = field;
    td->unknown_mask = mask;
    td->unknown_offset = slot_offset(td->cls, S_cser_unknown);
    return td->unknown_offset < 0 ? bad_description("a record class without a _cser_unknown slot") : 0;
}

/* The runs of fixed-width fields a record or struct states, its last item: the Python
 * interpreter reads and writes each with one struct (cser/source.py); this interpreter walks
 * the fields one by one and needs none, but refuses what the Python one refuses
 * (cser.descriptors.parse_runs): a run is (first, count), two or more fields in range, each a
 * bool, i8, u8, f32 or f64, neither optional nor deprecated, after the previous run. */
static int check_runs(const TypeDef *td, PyObject *runs) {
    if (!PyTuple_Check(runs)) {
        return bad_description("fixed-width runs");
    }
    long after = 0;
    for (Py_ssize_t r = 0; r < PyTuple_GET_SIZE(runs); r++) {
        PyObject *run = PyTuple_GET_ITEM(runs, r);
        if (!PyTuple_Check(run) || PyTuple_GET_SIZE(run) != 2 || !PyLong_CheckExact(PyTuple_GET_ITEM(run, 0))
            || !PyLong_CheckExact(PyTuple_GET_ITEM(run, 1))) {
            return bad_description("fixed-width runs");
        }
        long first = PyLong_AsLong(PyTuple_GET_ITEM(run, 0));
        long count = PyErr_Occurred() ? -1 : PyLong_AsLong(PyTuple_GET_ITEM(run, 1));
        if (PyErr_Occurred()) {
            PyErr_Clear();
            return bad_description("fixed-width runs");
        }
        if (first < after || count < 2 || count > td->nfields - first) {
            return bad_description("fixed-width runs");
        }
        for (long i = first; i < first + count; i++) {
            const Field *fd = &td->fields[i];
            int kind = fd->spec->kind;
            int fixed = kind == K_BOOL || kind == K_I8 || kind == K_U8 || kind == K_F32 || kind == K_F64;
            if (!fixed || fd->optional || fd->attr == NULL) {
                return bad_description("fixed-width runs");
            }
        }
        after = first + count;
    }
    return 0;
}

/* Second pass: fields or variants, whose types may name any registered class. */
static int define(TypeDef *td, PyObject *desc) {
    PyObject *members = PyTuple_GET_ITEM(desc, 4);
    if (!PyTuple_Check(members)) {
        return bad_description("members");
    }
    if (td->kind == D_UNION) {
        /* Its last item: the subclass holding an unknown variant, with a `value` slot. */
        PyObject *unknown = PyTuple_GET_ITEM(desc, 5);
        if (!PyType_Check(unknown) || !PyType_IsSubtype((PyTypeObject *)unknown, td->cls)) {
            return bad_description("a union without its unknown variant's class");
        }
        PyObject *value_name = PyUnicode_InternFromString("value");
        td->unknown_value_offset = value_name == NULL ? -1 : slot_offset((PyTypeObject *)unknown, value_name);
        Py_XDECREF(value_name);
        if (td->unknown_value_offset < 0) {
            return bad_description("a union without its unknown variant's class");
        }
        td->unknown_cls = (PyTypeObject *)Py_NewRef(unknown);
        return define_variants(td, members);
    }
    if (td->kind != D_RECORD && td->kind != D_STRUCT) {
        return bad_description("declared kind");
    }
    if (define_fields(td, members) < 0) {
        return -1;
    }
    if (td->kind == D_RECORD && define_unknown(td, desc) < 0) {
        return -1;
    }
    return check_runs(td, PyTuple_GET_ITEM(desc, PyTuple_GET_SIZE(desc) - 1));
}

/* bind(types) -> tuple of TypeCodec, one per description, in order. */
PyObject *bind_types(PyObject *module, PyObject *types) {
    (void)module;
    if (load_errors() < 0 || load_unknown() < 0) {
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
