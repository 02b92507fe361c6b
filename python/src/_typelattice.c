/* _typelattice.c — the CPython extension over libtypelattice.
 *
 * Everything that decides an answer (dtype names, promotion, casting, limits,
 * conversions) is a call into the C library; this file only translates Python
 * objects to the library's types and back:
 *
 *   dtype-like  -> tl_dtype (+ byte order)      to_dtype()
 *   operand     -> tl_operand                    to_operand()
 *   keywords    -> tl_config                     make_cfg()
 *   tl status   -> Python exception              raise_tl()
 *
 * Fast paths: tl.dtype instances carry their id; exact str names are looked up
 * in a dict of already-parsed spellings; other dtype objects (NumPy dtypes,
 * scalar types, torch dtypes) in a small identity cache that holds strong
 * references, so a pointer can never be reused while it is cached. Operand
 * arrays up to 32 live on the stack. All module state is guarded by the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "typelattice.h"


/* Cast a METH_FASTCALL function to PyCFunction without -Wcast-function-type. */
#define TL_PY_FN(f) ((PyCFunction)(void (*)(void))(f))

/* ---- module state -------------------------------------------------------------- */

static PyObject *TypePromotionError; /* ValueError subclass */
static PyObject *DTypePromotionError; /* TypePromotionError + TypeError subclass (NumPy's class) */
static PyObject *DTypeError;         /* TypeError + ValueError subclass */

/* tl.dtype: not a str (a str subclass whose hash is NumPy's would break every
 * str-keyed look-up of its name, NumPy's own np.dtype(name) included); it
 * compares equal to its canonical name and prints as it. */
typedef struct {
  PyObject_HEAD
  int id;
  PyObject *name; /* the canonical name (a plain str) */
} DtypeObject;

static PyTypeObject Dtype_Type;
static PyObject *g_dtypes[TL_NUM_DTYPES]; /* the canonical tl.dtype singletons */
static PyObject *g_names;                 /* dict: exact str spelling -> int code */
/* The names cache stops growing at this many spellings (the library accepts
 * unboundedly many: case, whitespace, byte-order prefixes); later new
 * spellings are parsed on every call instead of cached. */
#define TL_PY_NAMES_MAX 4096

/* A dtype plus byte order, packed: id | byteorder << 8. */
#define CODE(id, bo) ((int)(id) | ((int)(bo) << 8))
#define CODE_ID(c) ((tl_dtype)((c) & 0xff))
#define CODE_BO(c) ((tl_byteorder)((c) >> 8))

/* Identity cache for non-str dtype objects (NumPy dtypes and scalar types,
 * torch dtypes, ml_dtypes types). Holds strong references. */
#define IDC_BITS 9
#define IDC_SIZE (1u << IDC_BITS)
#define IDC_PROBES 8
typedef struct {
  PyObject *key;
  int code;
} idc_entry;
static idc_entry g_idc[IDC_SIZE];

static size_t idc_slot(PyObject *key) {
  uint64_t h = (uint64_t)(uintptr_t)key >> 4;
  h *= UINT64_C(0x9E3779B97F4A7C15);
  return (size_t)(h >> (64 - IDC_BITS));
}

static int idc_get(PyObject *key, int *code) {
  size_t s = idc_slot(key);
  for (int i = 0; i < IDC_PROBES; i++) {
    idc_entry *e = &g_idc[(s + (size_t)i) & (IDC_SIZE - 1)];
    if (e->key == key) {
      *code = e->code;
      return 1;
    }
    if (!e->key) return 0;
  }
  return 0;
}

static void idc_put(PyObject *key, int code) {
  size_t s = idc_slot(key);
  for (int i = 0; i < IDC_PROBES; i++) {
    idc_entry *e = &g_idc[(s + (size_t)i) & (IDC_SIZE - 1)];
    if (e->key == key) return;
    if (!e->key) {
      Py_INCREF(key);
      e->key = key;
      e->code = code;
      return;
    }
  }
  /* full neighbourhood: just do not cache */
}

/* NumPy's types, looked up once numpy has been imported by someone. */
static PyObject *g_np_dtype, *g_np_ndarray, *g_np_generic, *g_np_dtype_ctor;
static PyObject *g_np_empty; /* numpy.empty */

static PyObject *g_str_numpy;

/* 1 when numpy is imported (by anyone): its dtype/ndarray/generic types are then known. */
static int numpy_load(void) {
  if (g_np_ndarray) return 1;
  PyObject *np = PyImport_GetModule(g_str_numpy);
  if (!np) {
    if (PyErr_Occurred()) PyErr_Clear();
    return 0;
  }
  PyObject *d = PyObject_GetAttrString(np, "dtype");
  PyObject *a = PyObject_GetAttrString(np, "ndarray");
  PyObject *g = PyObject_GetAttrString(np, "generic");
  PyObject *el = PyObject_GetAttrString(np, "empty");
  Py_DECREF(np);
  if (!el) PyErr_Clear();
  if (!d || !a || !g || !el || !PyType_Check(d) || !PyType_Check(a) || !PyType_Check(g)) {
    Py_XDECREF(d);
    Py_XDECREF(a);
    Py_XDECREF(g);
    Py_XDECREF(el);
    PyErr_Clear();
    return 0;
  }
  g_np_empty = el;
  g_np_dtype = d;
  g_np_dtype_ctor = d;
  Py_INCREF(d);
  g_np_generic = g;
  g_np_ndarray = a;
  return 1;
}

/* ---- errors ---------------------------------------------------------------------- */

/* Raise the Python exception for a failed library call (status st). */
static PyObject *raise_tl(int st) {
  const char *t = tl_errtype();
  const char *m = tl_errmsg();
  PyObject *exc;
  if (strcmp(t, "TypePromotionError") == 0) exc = TypePromotionError;
  else if (strcmp(t, "DTypePromotionError") == 0) exc = DTypePromotionError;
  else if (strcmp(t, "OverflowError") == 0) exc = PyExc_OverflowError;
  else if (strcmp(t, "TypeError") == 0) exc = PyExc_TypeError;
  else if (strcmp(t, "RuntimeError") == 0) exc = PyExc_RuntimeError;
  else if (strcmp(t, "NotImplementedError") == 0) exc = PyExc_NotImplementedError;
  else if (strcmp(t, "ValueError") == 0) exc = PyExc_ValueError;
  else if (strcmp(t, "UnrepresentableDtype") == 0 || st == TL_EDTYPE) exc = DTypeError;
  else if (st == TL_EOVERFLOW) exc = PyExc_OverflowError;
  else if (st == TL_ENOMEM) exc = PyExc_MemoryError;
  else exc = PyExc_ValueError;
  PyErr_SetString(exc, m[0] ? m : tl_strerror(st));
  return NULL;
}

/* ---- dtype-likes ------------------------------------------------------------------ */

static int to_dtype(PyObject *obj, int *code);

/* Parse a name with the library's one parser. */
static int parse_name(const char *s, int *code) {
  tl_dtype d;
  tl_byteorder bo;
  int st = tl_dtype_parse(s, &d, &bo);
  if (st != TL_OK) {
    raise_tl(st);
    return -1;
  }
  *code = CODE(d, bo);
  return 0;
}

static int from_str(PyObject *obj, int *code) {
  if (PyUnicode_CheckExact(obj)) {
    PyObject *hit = PyDict_GetItemWithError(g_names, obj); /* borrowed */
    if (hit) {
      *code = (int)PyLong_AsLong(hit);
      return 0;
    }
    if (PyErr_Occurred()) return -1;
  }
  Py_ssize_t len;
  const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
  if (!s) return -1;
  if ((size_t)len != strlen(s)) { /* C would stop at the NUL: 'int8\0junk' is not int8 */
    PyErr_Format(DTypeError, "invalid dtype name %R: it contains a NUL character", obj);
    return -1;
  }
  if (parse_name(s, code) < 0) return -1;
  if (PyUnicode_CheckExact(obj) && PyDict_GET_SIZE(g_names) < TL_PY_NAMES_MAX) {
    PyObject *v = PyLong_FromLong(*code);
    if (!v) return -1;
    int r = PyDict_SetItem(g_names, obj, v); /* valid spellings, at most TL_PY_NAMES_MAX */
    Py_DECREF(v);
    if (r < 0) return -1;
  }
  return 0;
}

/* A NumPy dtype instance: its name and byte order. */
static int from_np_dtype(PyObject *obj, int *code) {
  PyObject *name = PyObject_GetAttrString(obj, "name");
  if (!name) return -1;
  if (!PyUnicode_Check(name)) {
    Py_DECREF(name);
    PyErr_Format(PyExc_TypeError, "cannot interpret %R as a dtype", obj);
    return -1;
  }
  int r = from_str(name, code);
  Py_DECREF(name);
  if (r < 0) return -1;
  PyObject *bo = PyObject_GetAttrString(obj, "byteorder");
  if (!bo) return -1;
  const char *b = PyUnicode_Check(bo) ? PyUnicode_AsUTF8(bo) : NULL;
  if (b && (b[0] == '<' || b[0] == '>')) {
    /* NumPy reports '=' for native; an explicit '<' or '>' is non-native */
    *code = CODE(CODE_ID(*code), b[0]);
  } else if (b && b[0] == '|') {
    *code = CODE(CODE_ID(*code), TL_BYTEORDER_NA);
  }
  Py_DECREF(bo);
  return 0;
}

/* Is obj's type called `name` in a module starting with `module`? (static types
 * carry "module.name" in tp_name; heap types their __module__ attribute) */
static int type_is(PyObject *obj, const char *module, const char *name) {
  PyTypeObject *t = Py_TYPE(obj);
  const char *tn = t->tp_name;
  size_t ml = strlen(module);
  if (!(t->tp_flags & Py_TPFLAGS_HEAPTYPE)) {
    const char *dot = strrchr(tn, '.');
    return dot && strcmp(dot + 1, name) == 0 && strncmp(tn, module, ml) == 0;
  }
  if (strcmp(tn, name) != 0) return 0;
  PyObject *mod = PyObject_GetAttrString((PyObject *)t, "__module__");
  if (!mod) {
    PyErr_Clear();
    return 0;
  }
  const char *m = PyUnicode_Check(mod) ? PyUnicode_AsUTF8(mod) : NULL;
  int r = m && strncmp(m, module, ml) == 0 && (m[ml] == '\0' || m[ml] == '.');
  if (!m) PyErr_Clear();
  Py_DECREF(mod);
  return r;
}

/* Dtype objects that are not str and not NumPy's: torch.dtype, tf.DType. */
static int from_foreign_dtype(PyObject *obj, int *code, int *handled) {
  *handled = 0;
  if (type_is(obj, "torch", "dtype")) {
    *handled = 1;
    PyObject *s = PyObject_Str(obj);
    if (!s) return -1;
    const char *u = PyUnicode_AsUTF8(s);
    int r = -1;
    if (u) {
      if (strncmp(u, "torch.", 6) == 0) u += 6;
      r = parse_name(u, code);
    }
    Py_DECREF(s);
    return r;
  }
  if (type_is(obj, "tensorflow", "DType")) { /* TensorFlow */
    *handled = 1;
    PyObject *s = PyObject_GetAttrString(obj, "name");
    if (!s) return -1;
    int r = PyUnicode_Check(s) ? from_str(s, code) : (PyErr_Format(PyExc_TypeError, "cannot interpret %R as a dtype", obj), -1);
    Py_DECREF(s);
    return r;
  }
  return 0;
}

/* Try getattr; 1 with *out set, 0 when the attribute does not exist, -1 on error. */
static int getattr_opt(PyObject *obj, PyObject *name, PyObject **out) {
  *out = PyObject_GetAttr(obj, name);
  if (*out) return 1;
  if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
    PyErr_Clear();
    return 0;
  }
  return -1;
}

static PyObject *g_str_dtype, *g_str_ndim, *g_str_weak_type, *g_str_item, *g_str_bit_length, *g_str_np_dtype;

/* TensorFlow's WeakTensor class (tensorflow.python.framework.weak_tensor.WeakTensor), looked up in
 * sys.modules (never imported from here: an object can only be a WeakTensor when that module is
 * loaded). Its instances are weakly typed but have no weak_type attribute: flexible_dtypes.result_type
 * tests isinstance(x, WeakTensor). The class is cached with the module it came from and looked up
 * again when sys.modules holds another module object under that name (a reload, a test's stand-in). */
static PyObject *g_tf_wt_module, *g_tf_wt_class; /* strong references once found */
static int is_tf_weak_tensor(PyObject *obj) {
  PyObject *mods = PyImport_GetModuleDict(); /* borrowed */
  PyObject *m = mods ? PyDict_GetItemString(mods, "tensorflow.python.framework.weak_tensor") : NULL;
  if (!m) return 0; /* not loaded (PyDict_GetItemString sets no error) */
  if (m != g_tf_wt_module) {
    PyObject *cls = PyObject_GetAttrString(m, "WeakTensor");
    if (!cls || !PyType_Check(cls)) { /* a half-initialised module: look again next time */
      Py_XDECREF(cls);
      PyErr_Clear();
      return 0;
    }
    Py_XSETREF(g_tf_wt_class, cls);
    Py_INCREF(m);
    Py_XSETREF(g_tf_wt_module, m);
  }
  return PyObject_TypeCheck(obj, (PyTypeObject *)g_tf_wt_class);
}

/* Any dtype-like -> code. Python scalars and their types map to bool and the
 * weak kinds; objects with a .dtype attribute (arrays, tensors, NumPy scalars)
 * give that dtype. Raises and returns -1 on failure. */
static int to_dtype_depth(PyObject *obj, int *code, int depth) {
  if (Py_TYPE(obj) == &Dtype_Type) {
    *code = CODE(((DtypeObject *)obj)->id, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (idc_get(obj, code)) return 0; /* dtype objects and str constants seen before */
  if (PyUnicode_Check(obj)) {
    if (from_str(obj, code) < 0) return -1;
    if (PyUnicode_CheckExact(obj)) idc_put(obj, *code);
    return 0;
  }
  if (PyBool_Check(obj) || obj == (PyObject *)&PyBool_Type) {
    *code = CODE(TL_BOOL, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyLong_CheckExact(obj) || obj == (PyObject *)&PyLong_Type) {
    *code = CODE(TL_WEAK_INT, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyFloat_CheckExact(obj) || obj == (PyObject *)&PyFloat_Type) {
    *code = CODE(TL_WEAK_FLOAT, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyComplex_CheckExact(obj) || obj == (PyObject *)&PyComplex_Type) {
    *code = CODE(TL_WEAK_COMPLEX, TL_BYTEORDER_NATIVE);
    return 0;
  }
  int handled;
  if (from_foreign_dtype(obj, code, &handled) < 0) return -1;
  if (handled) {
    idc_put(obj, *code);
    return 0;
  }
  if (numpy_load()) {
    if (PyObject_TypeCheck(obj, (PyTypeObject *)g_np_dtype)) {
      if (from_np_dtype(obj, code) < 0) return -1;
      idc_put(obj, *code);
      return 0;
    }
    if (PyType_Check(obj)) {
      /* NumPy scalar types, ml_dtypes types, anything np.dtype() understands */
      PyObject *d = PyObject_CallOneArg(g_np_dtype_ctor, obj);
      if (!d) {
        PyErr_Clear();
        PyErr_Format(DTypeError, "cannot interpret %R as a dtype", obj);
        return -1;
      }
      int r = from_np_dtype(d, code);
      Py_DECREF(d);
      if (r < 0) return -1;
      idc_put(obj, *code);
      return 0;
    }
  }
  if (depth == 0 && !PyType_Check(obj)) {
    PyObject *dt;
    int has = getattr_opt(obj, g_str_dtype, &dt);
    if (has < 0) return -1;
    if (has) {
      int r = to_dtype_depth(dt, code, 1);
      Py_DECREF(dt);
      return r;
    }
  }
  if (g_np_dtype && !PyType_Check(obj) && !PyLong_Check(obj) && !PyFloat_Check(obj) && !PyComplex_Check(obj)) {
    /* array_api_strict's DType objects (xp.int8, and an xp array's .dtype) hold their NumPy dtype */
    PyObject *nd;
    int has = getattr_opt(obj, g_str_np_dtype, &nd);
    if (has < 0) return -1;
    if (has) {
      int r = PyObject_TypeCheck(nd, (PyTypeObject *)g_np_dtype) ? from_np_dtype(nd, code) : 1;
      Py_DECREF(nd);
      if (r <= 0) return r;
    }
  }
  if (PyBool_Check(obj)) {
    *code = CODE(TL_BOOL, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyLong_Check(obj)) {
    *code = CODE(TL_WEAK_INT, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyFloat_Check(obj)) {
    *code = CODE(TL_WEAK_FLOAT, TL_BYTEORDER_NATIVE);
    return 0;
  }
  if (PyComplex_Check(obj)) {
    *code = CODE(TL_WEAK_COMPLEX, TL_BYTEORDER_NATIVE);
    return 0;
  }
  PyErr_Format(DTypeError, "cannot interpret %R (of type %s) as a dtype", obj, Py_TYPE(obj)->tp_name);
  return -1;
}

static int to_dtype(PyObject *obj, int *code) { return to_dtype_depth(obj, code, 0); }

static PyObject *dtype_obj(tl_dtype d) {
  /* NumPy's object dtype (TL_OBJECT, an answer of the numpy rules): Python's `object` */
  if (d == TL_OBJECT) return Py_NewRef((PyObject *)&PyBaseObject_Type);
  PyObject *o = g_dtypes[(int)d];
  Py_INCREF(o);
  return o;
}

/* ---- the tl.dtype type -------------------------------------------------------------- */

static PyObject *Dtype_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
  static char *kwlist[] = {"x", NULL};
  PyObject *x;
  (void)type;
  if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:dtype", kwlist, &x)) return NULL;
  int code;
  if (to_dtype(x, &code) < 0) return NULL;
  return dtype_obj(CODE_ID(code));
}

static const tl_dtype_info *dinfo(PyObject *self) { return tl_dtype_get((tl_dtype)((DtypeObject *)self)->id); }

static PyObject *Dtype_kind(PyObject *self, void *c) {
  (void)c;
  char k = (char)dinfo(self)->kind;
  return PyUnicode_FromStringAndSize(&k, 1);
}
static PyObject *Dtype_bits(PyObject *self, void *c) {
  (void)c;
  return PyLong_FromLong(dinfo(self)->bits);
}
static PyObject *Dtype_itemsize(PyObject *self, void *c) {
  (void)c;
  return PyLong_FromLong(dinfo(self)->itemsize);
}
static PyObject *Dtype_weak(PyObject *self, void *c) {
  (void)c;
  return PyBool_FromLong(dinfo(self)->weak);
}
static PyObject *Dtype_name(PyObject *self, void *c) {
  (void)c;
  return PyUnicode_FromString(dinfo(self)->name);
}
static PyObject *Dtype_num(PyObject *self, void *c) {
  (void)c;
  return PyLong_FromLong(((DtypeObject *)self)->id);
}

static PyObject *Dtype_str(PyObject *self) { return Py_NewRef(((DtypeObject *)self)->name); }

static PyObject *Dtype_format(PyObject *self, PyObject *spec) { return PyObject_Format(((DtypeObject *)self)->name, spec); }

static PyObject *Dtype_repr(PyObject *self) { return PyUnicode_FromFormat("dtype('%s')", dinfo(self)->name); }

static PyObject *Dtype_reduce(PyObject *self, PyObject *unused) {
  (void)unused;
  return Py_BuildValue("(O(s))", (PyObject *)&Dtype_Type, dinfo(self)->name);
}

/* One kind of isdtype: 1/0, -1 with an exception. A str is a kind name (or a
 * comma list, or a dtype name); a tuple is any-of (the Array API's form,
 * nested tuples too); anything else must be a dtype-like, compared by identity. */
static int isdtype_one(tl_dtype d, PyObject *kind, int depth) {
  if (PyTuple_Check(kind)) {
    if (depth > 8) {
      PyErr_SetString(PyExc_ValueError, "isdtype: kind tuples nested too deeply");
      return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(kind);
    if (n == 0) {
      PyErr_SetString(PyExc_ValueError, "isdtype: empty tuple of kinds");
      return -1;
    }
    int any = 0;
    for (Py_ssize_t i = 0; i < n; i++) { /* check every entry, so a bad one is reported */
      int r = isdtype_one(d, PyTuple_GET_ITEM(kind, i), depth + 1);
      if (r < 0) return -1;
      any |= r;
    }
    return any;
  }
  if (PyUnicode_Check(kind) && Py_TYPE(kind) != &Dtype_Type) {
    Py_ssize_t len;
    const char *k = PyUnicode_AsUTF8AndSize(kind, &len);
    if (!k) return -1;
    if ((size_t)len != strlen(k)) {
      PyErr_Format(PyExc_ValueError, "isdtype: invalid kind %R: it contains a NUL character", kind);
      return -1;
    }
    int yes;
    int st = tl_isdtype(d, k, &yes);
    if (st != TL_OK) {
      raise_tl(st);
      return -1;
    }
    return yes;
  }
  int code;
  if (PyLong_Check(kind) || PyFloat_Check(kind) || PyComplex_Check(kind) || to_dtype(kind, &code) < 0) {
    if (!PyErr_Occurred() || PyErr_ExceptionMatches(DTypeError)) {
      PyErr_Clear();
      PyErr_Format(PyExc_TypeError,
                   "isdtype: kind must be a kind name (str), a dtype or a tuple of those, not %.100s (%R)",
                   Py_TYPE(kind)->tp_name, kind);
    }
    return -1;
  }
  return CODE_ID(code) == d;
}

static PyObject *Dtype_isdtype(PyObject *self, PyObject *kind) {
  int r = isdtype_one((tl_dtype)((DtypeObject *)self)->id, kind, 0);
  if (r < 0) return NULL;
  return PyBool_FromLong(r);
}

/* ---- interoperability: NumPy / torch / JAX dtypes (typelattice._interop) ---------------- */

static PyObject *g_interop; /* the module typelattice._interop, imported on first use */

static PyObject *interop_call(const char *fn, PyObject *self, PyObject *arg) {
  if (!g_interop) {
    g_interop = PyImport_ImportModule("typelattice._interop");
    if (!g_interop) return NULL;
  }
  PyObject *f = PyObject_GetAttrString(g_interop, fn);
  if (!f) return NULL;
  PyObject *r = arg ? PyObject_CallFunctionObjArgs(f, self, arg, NULL) : PyObject_CallOneArg(f, self);
  Py_DECREF(f);
  return r;
}

/* The NumPy dtype of each tl dtype, cached (NULL: not looked up yet). */
static PyObject *g_np_of[TL_NUM_DTYPES];

static PyObject *np_dtype_of(tl_dtype d) { /* borrowed */
  if ((unsigned)d >= TL_NUM_DTYPES) {
    PyErr_SetString(PyExc_ValueError, "bad dtype number");
    return NULL;
  }
  if (!g_np_of[d]) {
    PyObject *r = interop_call("numpy_dtype", g_dtypes[d], NULL);
    if (!r) return NULL;
    g_np_of[d] = r;
  }
  return g_np_of[d];
}

static PyObject *Dtype_numpy(PyObject *self, void *c) {
  (void)c;
  return Py_XNewRef(np_dtype_of((tl_dtype)((DtypeObject *)self)->id));
}
static PyObject *Dtype_npattr(PyObject *self, void *c) {
  PyObject *npd = np_dtype_of((tl_dtype)((DtypeObject *)self)->id);
  return npd ? PyObject_GetAttrString(npd, (const char *)c) : NULL;
}
static PyObject *Dtype_torch(PyObject *self, void *c) {
  (void)c;
  return interop_call("torch_dtype", self, NULL);
}
static PyObject *Dtype_jax(PyObject *self, void *c) {
  (void)c;
  return interop_call("jax_dtype", self, NULL);
}

/* Hash: that of the equal NumPy dtype (so a tl dtype finds the entry of
 * np.dtype('float16') in a dict), else -- weak kinds, formats NumPy and
 * ml_dtypes lack, or NumPy not installed -- that of the name. Computed once
 * per dtype (importing numpy if needed), so it never changes in a process. */
static Py_hash_t g_hash[TL_NUM_DTYPES];

static Py_hash_t Dtype_hash(PyObject *self) {
  int id = ((DtypeObject *)self)->id;
  if (g_hash[id]) return g_hash[id];
  Py_hash_t h = -1;
  PyObject *r = interop_call("hash_of", self, NULL);
  if (r && PyLong_Check(r)) h = PyLong_AsSsize_t(r);
  if (!r || h == -1) PyErr_Clear();
  Py_XDECREF(r);
  if (h == -1) h = PyObject_Hash(((DtypeObject *)self)->name);
  if (h == -1) return -1;
  g_hash[id] = h;
  return h;
}

/* ==/!=: a str compares as a str (the canonical name); a tl.dtype by identity;
 * a NumPy dtype or scalar type, an ml_dtypes type, a torch or TensorFlow
 * dtype compares equal when it is this dtype in native byte order. */
static PyObject *Dtype_richcompare(PyObject *self, PyObject *other, int op) {
  if (op != Py_EQ && op != Py_NE) Py_RETURN_NOTIMPLEMENTED;
  if (Py_TYPE(other) == &Dtype_Type) return PyBool_FromLong((self == other) == (op == Py_EQ));
  if (PyUnicode_Check(other)) return PyObject_RichCompare(((DtypeObject *)self)->name, other, op);
  int code, ok = 0;
  if (type_is(other, "torch", "dtype") || type_is(other, "tensorflow", "DType")) ok = 1;
  else if (numpy_load() && (PyObject_TypeCheck(other, (PyTypeObject *)g_np_dtype) || PyType_Check(other))) ok = 1;
  if (!ok) Py_RETURN_NOTIMPLEMENTED;
  if (to_dtype_depth(other, &code, 1) < 0) {
    PyErr_Clear();
    Py_RETURN_NOTIMPLEMENTED;
  }
  int eq = CODE_ID(code) == (tl_dtype)((DtypeObject *)self)->id &&
           (CODE_BO(code) == TL_BYTEORDER_NATIVE || CODE_BO(code) == TL_BYTEORDER_NA);
  return PyBool_FromLong(eq == (op == Py_EQ));
}

static PyGetSetDef Dtype_getset[] = {
    {"kind", Dtype_kind, NULL, "NumPy kind letter: 'b', 'i', 'u', 'f' or 'c' (weak kinds report their kind).", NULL},
    {"bits", Dtype_bits, NULL, "Bit width as JAX's itemsize_bits (bool 8, int4 4; weak kinds 0).", NULL},
    {"itemsize", Dtype_itemsize, NULL, "Storage bytes per element (weak kinds 0).", NULL},
    {"weak", Dtype_weak, NULL, "True for the weak kinds int*, float*, complex*.", NULL},
    {"name", Dtype_name, NULL, "The canonical name, as a plain str.", NULL},
    {"num", Dtype_num, NULL, "The library's dtype number (tl_dtype value).", NULL},
    {"numpy", Dtype_numpy, NULL,
     "The equal numpy.dtype (an ml_dtypes one for bfloat16, float8_*, int4, ...); DTypeError when NumPy and "
     "ml_dtypes have none (weak kinds, formats ml_dtypes lacks).",
     NULL},
    {"__numpy_dtype__", Dtype_numpy, NULL,
     "NumPy's dtype protocol (NumPy >= 2.4): np.dtype(d), np.zeros(n, dtype=d) use self.numpy.", NULL},
    {"dtype", Dtype_numpy, NULL, "self.numpy: what older NumPy reads in np.dtype(d) (as for arrays).", NULL},
    {"type", Dtype_npattr, NULL, "NumPy's scalar type (numpy.float16, ml_dtypes.bfloat16): self.numpy.type.",
     "type"},
    {"char", Dtype_npattr, NULL, "NumPy's type character: self.numpy.char.", "char"},
    {"str", Dtype_npattr, NULL, "NumPy's array-protocol typestring ('<f2'): self.numpy.str.", "str"},
    {"torch", Dtype_torch, NULL, "The torch.dtype (imports torch); DTypeError when torch has no such dtype.", NULL},
    {"jax", Dtype_jax, NULL,
     "The dtype JAX uses (jnp.dtype(...), a numpy.dtype; imports jax); DTypeError when JAX has none.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef Dtype_methods[] = {
    {"__reduce__", Dtype_reduce, METH_NOARGS, "Pickle as tl.dtype(name)."},
    {"__format__", Dtype_format, METH_O, "Format as the name (f'{d:>10}')."},
    {"isdtype", Dtype_isdtype, METH_O,
     "isdtype(kind) -> bool: Array API isdtype: 'bool', 'signed integer', 'unsigned integer', 'integral', "
     "'real floating', 'complex floating', 'numeric', a comma-separated list of those, a dtype name or dtype, "
     "or a tuple of any of these (true when any matches)."},
    {NULL, NULL, 0, NULL}};

PyDoc_STRVAR(Dtype_doc,
             "dtype(x)\n--\n\n"
             "A dtype of the typelattice catalogue, named by its canonical name\n"
             "('float32', 'float8_e4m3fn', 'int*'): str(d) is the name and d == name.\n"
             "It equals (and hashes as) the NumPy dtype of the same type (np.dtype('float16'),\n"
             "np.float16, ml_dtypes.bfloat16) and converts: d.numpy, d.torch, d.jax;\n"
             "np.dtype(d) and dtype=d in NumPy calls work.\n\n"
             "x may be any dtype-like: a name in any spelling the library parses ('f4',\n"
             "'<i8', 'bf16', 'float32'), a NumPy dtype or scalar type, an ml_dtypes type,\n"
             "a torch or TensorFlow dtype, an object with a .dtype (array, tensor, NumPy\n"
             "scalar), or Python's bool/int/float/complex (types or values: bool and the\n"
             "weak kinds int*, float*, complex*). Instances are singletons: one per dtype.\n"
             "Unknown names raise tl.DTypeError (a TypeError and a ValueError).");

static PyTypeObject Dtype_Type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "typelattice.dtype",
    .tp_basicsize = sizeof(DtypeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Dtype_doc,
    .tp_new = Dtype_new,
    .tp_repr = Dtype_repr,
    .tp_str = Dtype_str,
    .tp_hash = Dtype_hash,
    .tp_richcompare = Dtype_richcompare,
    .tp_getset = Dtype_getset,
    .tp_methods = Dtype_methods,
};

/* The exception just raised names a Python int of more than 128 bits by its
 * clamped magnitude 2**128-1 (py_value): put the real ints of objs back into
 * its message, those whose magnitude is above that (2**128 has 39 digits
 * too, so the length of the digits cannot tell). */
static void put_back_big_ints(PyObject *const *objs, Py_ssize_t n) {
  static const char clamped[] = "340282366920938463463374607431768211455";
  PyObject *et, *ev, *tb;
  PyErr_Fetch(&et, &ev, &tb);
  PyObject *msg = PyUnicode_FromString(tl_errmsg());
  PyObject *limit = PyLong_FromString(clamped, NULL, 10);
  PyObject *from = PyUnicode_FromString(clamped);
  for (Py_ssize_t i = 0; msg && limit && from && i < n; i++) {
    if (!PyLong_Check(objs[i]) || PyBool_Check(objs[i])) continue;
    PyObject *a = PyNumber_Absolute(objs[i]);
    const int over = a ? PyObject_RichCompareBool(a, limit, Py_GT) : -1;
    PyObject *digits = over == 1 ? PyObject_Str(a) : NULL;
    Py_XDECREF(a);
    if (over < 0 || (over == 1 && !digits)) break;
    if (digits) {
      PyObject *m2 = PyUnicode_Replace(msg, from, digits, 1);
      Py_DECREF(digits);
      if (!m2) break;
      Py_SETREF(msg, m2);
    }
  }
  Py_XDECREF(limit);
  Py_XDECREF(from);
  PyErr_Clear();
  if (msg && et) {
    Py_XDECREF(ev);
    Py_XDECREF(tb);
    PyErr_SetObject(et, msg);
    Py_DECREF(et);
    Py_DECREF(msg);
  } else {
    Py_XDECREF(msg);
    PyErr_Restore(et, ev, tb);
  }
}

/* ---- values and operands ------------------------------------------------------------- */

/* Exact value of a Python bool/int/float/complex. *saturated is set when an
 * int has more than 128 bits (its magnitude is then clamped to 2**128-1, which
 * no dtype holds, so every range check answers as for the real value). */
static int py_value(PyObject *v, tl_value *out, int *saturated) {
  memset(out, 0, sizeof *out);
  if (PyBool_Check(v)) {
    out->kind = TL_VALUE_BOOL;
    out->lo = v == Py_True;
    return 0;
  }
  if (PyLong_Check(v)) {
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (x == -1 && PyErr_Occurred()) return -1;
    out->kind = TL_VALUE_INT;
    if (!overflow) {
      out->negative = x < 0;
      out->lo = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
      return 0;
    }
    out->negative = overflow < 0;
    PyObject *a = PyNumber_Absolute(v);
    if (!a) return -1;
    PyObject *nb = PyObject_CallMethodNoArgs(a, g_str_bit_length);
    if (!nb) {
      Py_DECREF(a);
      return -1;
    }
    long bits = PyLong_AsLong(nb);
    Py_DECREF(nb);
    if (bits > 128) {
      Py_DECREF(a);
      out->hi = out->lo = UINT64_MAX;
      *saturated = 1;
      return 0;
    }
    out->lo = PyLong_AsUnsignedLongLongMask(a);
    PyObject *sh = PyLong_FromLong(64);
    PyObject *h = sh ? PyNumber_Rshift(a, sh) : NULL;
    Py_XDECREF(sh);
    Py_DECREF(a);
    if (!h) return -1;
    out->hi = PyLong_AsUnsignedLongLongMask(h);
    Py_DECREF(h);
    return PyErr_Occurred() ? -1 : 0;
  }
  if (PyFloat_Check(v)) {
    out->kind = TL_VALUE_FLOAT;
    out->re = PyFloat_AS_DOUBLE(v);
    return 0;
  }
  if (PyComplex_Check(v)) {
    out->kind = TL_VALUE_COMPLEX;
    out->re = PyComplex_RealAsDouble(v);
    out->im = PyComplex_ImagAsDouble(v);
    return 0;
  }
  PyErr_Format(PyExc_TypeError, "cannot take the value of %R", v);
  return -1;
}

/* The value of a NumPy scalar or 0-d array via .item(). */
static int item_value(PyObject *obj, tl_value *out, int *saturated) {
  PyObject *it = PyObject_CallMethodNoArgs(obj, g_str_item);
  if (!it) return -1;
  int r = py_value(it, out, saturated);
  Py_DECREF(it);
  return r;
}

static int pyscalar_operand(PyObject *obj, tl_operand *op, int *saturated) {
  op->kind = TL_OPERAND_PYSCALAR;
  op->has_value = 1;
  if (py_value(obj, &op->value, saturated) < 0) return -1;
  switch (op->value.kind) {
  case TL_VALUE_BOOL: op->dtype = TL_BOOL; break;
  case TL_VALUE_INT: op->dtype = TL_WEAK_INT; break;
  case TL_VALUE_FLOAT: op->dtype = TL_WEAK_FLOAT; break;
  default: op->dtype = TL_WEAK_COMPLEX; break;
  }
  return 0;
}

static int getattr_int(PyObject *obj, PyObject *name, long *out) {
  PyObject *v = PyObject_GetAttr(obj, name);
  if (!v) return -1;
  *out = PyLong_AsLong(v);
  Py_DECREF(v);
  return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* Any operand -> tl_operand. */
static int to_operand(PyObject *obj, tl_operand *op, int *saturated) {
  memset(op, 0, sizeof *op);
  PyTypeObject *t = Py_TYPE(obj);
  if (t == &PyLong_Type || t == &PyFloat_Type || t == &PyBool_Type || t == &PyComplex_Type)
    return pyscalar_operand(obj, op, saturated);
  int code;
  if (t == &Dtype_Type) {
    op->dtype = (tl_dtype)((DtypeObject *)obj)->id;
    op->kind = tl_dtype_is_weak(op->dtype) ? TL_OPERAND_PYTYPE : TL_OPERAND_DTYPE;
    return 0;
  }
  if (PyUnicode_Check(obj)) {
    /* a dtype name, else the CLI's operand grammar ("weak:float32", "py:int:300") */
    if (PyUnicode_CheckExact(obj)) {
      PyObject *hit = PyDict_GetItemWithError(g_names, obj);
      if (hit) {
        op->dtype = CODE_ID((int)PyLong_AsLong(hit));
        op->kind = tl_dtype_is_weak(op->dtype) ? TL_OPERAND_PYTYPE : TL_OPERAND_DTYPE;
        return 0;
      }
      if (PyErr_Occurred()) return -1;
    }
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(obj, &len);
    if (!s) return -1;
    if ((size_t)len != strlen(s)) {
      PyErr_Format(DTypeError, "invalid operand %R: it contains a NUL character", obj);
      return -1;
    }
    tl_dtype d;
    if (tl_dtype_parse(s, &d, NULL) == TL_OK) {
      if (from_str(obj, &code) < 0) return -1; /* caches the spelling */
      op->dtype = d;
      op->kind = tl_dtype_is_weak(d) ? TL_OPERAND_PYTYPE : TL_OPERAND_DTYPE;
      return 0;
    }
    int st = tl_operand_parse(s, op);
    if (st != TL_OK) {
      raise_tl(st);
      return -1;
    }
    return 0;
  }
  if (obj == (PyObject *)&PyLong_Type || obj == (PyObject *)&PyFloat_Type || obj == (PyObject *)&PyComplex_Type ||
      obj == (PyObject *)&PyBool_Type) {
    op->kind = TL_OPERAND_PYTYPE;
    op->dtype = obj == (PyObject *)&PyBool_Type   ? TL_BOOL
                : obj == (PyObject *)&PyLong_Type ? TL_WEAK_INT
                : obj == (PyObject *)&PyFloat_Type ? TL_WEAK_FLOAT
                                                   : TL_WEAK_COMPLEX;
    return 0;
  }
  if (idc_get(obj, &code)) { /* a dtype object seen before */
    op->kind = TL_OPERAND_DTYPE;
    op->dtype = CODE_ID(code);
    return 0;
  }
  if (numpy_load()) {
    if (PyObject_TypeCheck(obj, (PyTypeObject *)g_np_ndarray)) {
      long nd;
      PyObject *dt = PyObject_GetAttr(obj, g_str_dtype);
      if (!dt) return -1;
      int r = to_dtype(dt, &code);
      Py_DECREF(dt);
      if (r < 0 || getattr_int(obj, g_str_ndim, &nd) < 0) return -1;
      op->dtype = CODE_ID(code);
      if (nd == 0) {
        op->kind = TL_OPERAND_ZERODIM;
        op->has_value = 1;
        return item_value(obj, &op->value, saturated);
      }
      op->kind = TL_OPERAND_ARRAY;
      return 0;
    }
    if (PyObject_TypeCheck(obj, (PyTypeObject *)g_np_generic)) {
      PyObject *dt = PyObject_GetAttr(obj, g_str_dtype);
      if (!dt) return -1;
      int r = to_dtype(dt, &code);
      Py_DECREF(dt);
      if (r < 0) return -1;
      op->kind = TL_OPERAND_SCALAR;
      op->dtype = CODE_ID(code);
      op->has_value = 1;
      return item_value(obj, &op->value, saturated);
    }
  }
  if (PyLong_Check(obj) || PyFloat_Check(obj) || PyComplex_Check(obj)) /* int/float subclasses */
    return pyscalar_operand(obj, op, saturated);
  if (!PyType_Check(obj)) {
    /* duck-typed arrays: torch tensors, JAX arrays (weak_type), TF tensors (WeakTensor: weak), ... */
    PyObject *dt;
    int has = getattr_opt(obj, g_str_dtype, &dt);
    if (has < 0) return -1;
    if (has) {
      int r = to_dtype_depth(dt, &code, 1);
      Py_DECREF(dt);
      if (r < 0) return -1;
      op->dtype = CODE_ID(code);
      PyObject *nd_o, *wk_o;
      int has_nd = getattr_opt(obj, g_str_ndim, &nd_o);
      if (has_nd < 0) return -1;
      long nd = 1;
      if (has_nd) {
        nd = PyLong_AsLong(nd_o);
        Py_DECREF(nd_o);
        if (nd == -1 && PyErr_Occurred()) return -1;
      }
      int has_wk = getattr_opt(obj, g_str_weak_type, &wk_o);
      if (has_wk < 0) return -1;
      int weak = 0;
      if (has_wk) {
        weak = PyObject_IsTrue(wk_o);
        Py_DECREF(wk_o);
        if (weak < 0) return -1;
      } else {
        weak = is_tf_weak_tensor(obj); /* TensorFlow's WeakTensor: weak by its class */
      }
      op->kind = weak ? TL_OPERAND_WEAK_ARRAY : nd == 0 ? TL_OPERAND_ZERODIM : TL_OPERAND_ARRAY;
      return 0;
    }
  }
  if (to_dtype(obj, &code) < 0) return -1;
  op->dtype = CODE_ID(code);
  op->kind = tl_dtype_is_weak(op->dtype) ? TL_OPERAND_PYTYPE : TL_OPERAND_DTYPE;
  return 0;
}

/* ---- keyword options -> tl_config ------------------------------------------------------ */

enum { KW_RULES, KW_X64, KW_STRICT, KW_OP, KW_PRECISE, KW_DEFAULT_DTYPE, KW_RWF, KW_CASTING, KW_N };
static const char *const kw_names[KW_N] = {"rules",         "x64",     "strict", "op", "precise", "default_dtype",
                                           "return_weak_type_flag", "casting"};
static PyObject *g_kw[KW_N];

/* Match keyword arguments; `allowed` is a bit mask of KW_* that the function takes. */
static int parse_kw(const char *fn, PyObject *const *kwvals, PyObject *kwnames, unsigned allowed, PyObject **slots) {
  if (!kwnames) return 0;
  Py_ssize_t n = PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *k = PyTuple_GET_ITEM(kwnames, i);
    int j;
    for (j = 0; j < KW_N; j++)
      if (k == g_kw[j]) break;
    if (j == KW_N)
      for (j = 0; j < KW_N; j++)
        if (PyUnicode_CompareWithASCIIString(k, kw_names[j]) == 0) break;
    if (j == KW_N || !(allowed & (1u << j))) {
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", fn, k);
      return -1;
    }
    if (slots[j]) {
      PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn, kw_names[j]);
      return -1;
    }
    slots[j] = kwvals[i];
  }
  return 0;
}

static int find_rules(PyObject *name, const tl_rules **out) {
  if (!PyUnicode_Check(name)) {
    PyErr_Format(PyExc_TypeError, "rules must be a rule-set name (str), not %.100s", Py_TYPE(name)->tp_name);
    return -1;
  }
  const char *s = PyUnicode_AsUTF8(name);
  if (!s) return -1;
  size_t n = tl_rules_count();
  for (size_t i = 0; i < n; i++) {
    const tl_rules *r = tl_rules_at(i);
    if (strcmp(tl_rules_name(r), s) == 0) {
      *out = r;
      return 0;
    }
  }
  int st = tl_rules_find(s, out); /* sets the library's message */
  if (st != TL_OK) {
    PyErr_SetString(PyExc_ValueError, tl_errmsg());
    return -1;
  }
  return 0;
}

/* A yes/no option: True, False, or None (= keep). Anything else is a
 * TypeError naming the option ('no' is truthy: accepting it would turn the
 * option on). */
static int bool_opt(const char *name, PyObject *v, int *field) {
  if (!v || v == Py_None) return 0;
  if (!PyBool_Check(v)) {
    PyErr_Format(PyExc_TypeError, "%s must be True, False or None, not %.100s (%R)", name, Py_TYPE(v)->tp_name, v);
    return -1;
  }
  *field = v == Py_True;
  return 0;
}

/* op=True/False (the operator) or op='operator'|'function' (tl_config.op_form). */
static int set_op(PyObject *v, tl_config *cfg) {
  if (!v || v == Py_None) return 0;
  if (PyUnicode_Check(v)) {
    const char *s = PyUnicode_AsUTF8(v);
    if (!s) return -1;
    tl_op_form f;
    if (tl_op_form_parse(s, &f) != TL_OK) {
      PyErr_SetString(PyExc_ValueError, tl_errmsg());
      return -1;
    }
    cfg->op = 1;
    cfg->op_form = (int)f;
    return 0;
  }
  if (!PyBool_Check(v)) {
    PyErr_Format(PyExc_TypeError, "op must be True, False, 'operator', 'function' or None, not %.100s (%R)",
                 Py_TYPE(v)->tp_name, v);
    return -1;
  }
  cfg->op = v == Py_True;
  cfg->op_form = TL_OP_OPERATOR;
  return 0;
}

/* Build the configuration for a call. *use is NULL (= the thread's current
 * configuration) when nothing was overridden. `default_rules` names the rule
 * set to use when neither the call nor an enclosing tl.config chose one. */
static int make_cfg(PyObject **kw, const char *default_rules, tl_config *cfg, const tl_config **use) {
  int any = 0;
  for (int j = KW_RULES; j <= KW_DEFAULT_DTYPE; j++)
    if (kw[j] && kw[j] != Py_None) any = 1;
  const tl_config *cur = tl_config_current();
  if (!any && !(default_rules && !cur->rules)) {
    *use = NULL;
    return 0;
  }
  *cfg = *cur;
  if (kw[KW_RULES] && kw[KW_RULES] != Py_None) {
    if (find_rules(kw[KW_RULES], &cfg->rules) < 0) return -1;
  } else if (default_rules && !cfg->rules) {
    int st = tl_rules_find(default_rules, &cfg->rules);
    if (st != TL_OK) {
      PyErr_SetString(PyExc_ValueError, tl_errmsg());
      return -1;
    }
  }
  if (bool_opt("x64", kw[KW_X64], &cfg->x64) < 0 || bool_opt("strict", kw[KW_STRICT], &cfg->strict) < 0 ||
      set_op(kw[KW_OP], cfg) < 0 || bool_opt("precise", kw[KW_PRECISE], &cfg->precise) < 0)
    return -1;
  PyObject *dd = kw[KW_DEFAULT_DTYPE];
  if (dd && dd != Py_None) {
    int code;
    if (to_dtype(dd, &code) < 0) return -1;
    tl_dtype d = CODE_ID(code);
    if (!tl_dtype_is_floating(d) || tl_dtype_is_weak(d)) {
      PyErr_Format(PyExc_ValueError, "default_dtype must be a floating dtype (got '%s')", tl_dtype_name(d));
      return -1;
    }
    cfg->default_float = d;
  }
  *use = cfg;
  return 0;
}

/* ---- promote_types / result_type / can_cast --------------------------------------------- */

/* Memo of tl_promote_types answers, one table per distinct configuration
 * (the library is deterministic for a given configuration). Only successful
 * answers are stored; errors always go to the library for their message. */
#define PT_MEMO_CONFIGS 8
typedef struct {
  int used;
  tl_config cfg;
  int8_t cell[TL_NUM_DTYPES][TL_NUM_DTYPES]; /* -1 = not asked yet */
} pt_memo;
static pt_memo g_pt_memo[PT_MEMO_CONFIGS];
static int g_pt_memo_next;

static int8_t *pt_memo_cell(const tl_config *cfg, tl_dtype a, tl_dtype b) {
  if ((unsigned)a >= TL_NUM_DTYPES || (unsigned)b >= TL_NUM_DTYPES) return NULL;
  for (int i = 0; i < PT_MEMO_CONFIGS; i++) {
    pt_memo *m = &g_pt_memo[i];
    if (!m->used) break;
    if (memcmp(&m->cfg, cfg, sizeof *cfg) == 0) return &m->cell[a][b];
  }
  /* a new configuration: take the next slot (round robin) */
  pt_memo *m = &g_pt_memo[g_pt_memo_next];
  g_pt_memo_next = (g_pt_memo_next + 1) % PT_MEMO_CONFIGS;
  m->used = 1;
  memcpy(&m->cfg, cfg, sizeof *cfg);
  memset(m->cell, 0xff, sizeof m->cell);
  return &m->cell[a][b];
}

PyDoc_STRVAR(promote_types_doc,
             "promote_types(a, b, /, *, rules=None, x64=None, strict=None, precise=None, default_dtype=None)\n--\n\n"
             "The framework's pairwise promote_types(a, b) (jnp.promote_types, np.promote_types,\n"
             "torch.promote_types, ...) as a tl.dtype. rules=None uses the enclosing tl.config's\n"
             "rule set, else 'jax'. Python types int/float/complex are the weak kinds.\n"
             "Raises tl.TypePromotionError (or the framework's class) with its message.");

static PyObject *py_promote_types(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  PyObject *kw[KW_N] = {0};
  if (nargs != 2) {
    PyErr_Format(PyExc_TypeError, "promote_types() takes 2 positional arguments but %zd were given", nargs);
    return NULL;
  }
  if (parse_kw("promote_types", args + nargs, kwnames,
               (1u << KW_RULES) | (1u << KW_X64) | (1u << KW_STRICT) | (1u << KW_OP) | (1u << KW_PRECISE) |
                   (1u << KW_DEFAULT_DTYPE),
               kw) < 0)
    return NULL;
  int ca, cb;
  if (to_dtype(args[0], &ca) < 0 || to_dtype(args[1], &cb) < 0) return NULL;
  tl_config cfg;
  const tl_config *use;
  if (make_cfg(kw, NULL, &cfg, &use) < 0) return NULL;
  tl_dtype a = CODE_ID(ca), b = CODE_ID(cb);
  if (!use) use = tl_config_current();
  int8_t *cell = pt_memo_cell(use, a, b);
  if (cell && *cell >= 0) return dtype_obj((tl_dtype)*cell);
  tl_dtype r;
  int st = tl_promote_types(use, a, b, &r);
  if (st != TL_OK) return raise_tl(st);
  if (cell) *cell = (int8_t)r;
  return dtype_obj(r);
}

PyDoc_STRVAR(result_type_doc,
             "result_type(*operands, rules=None, return_weak_type_flag=False, x64=None, strict=None, op=None,\n"
             "            precise=None, default_dtype=None)\n--\n\n"
             "The framework's result_type over the operands: dtype-likes, NumPy arrays (0-d ones\n"
             "with their value), NumPy scalars (with value), Python scalars (weak, exact value),\n"
             "objects with .dtype/.ndim (torch tensors, JAX arrays: weak_type is read; TensorFlow\n"
             "WeakTensors are weak), and\n"
             "strings of the CLI operand grammar ('weak:float32', 'py:int:300').\n"
             "op=True asks what an operation such as x + y computes in, with the framework's\n"
             "value checks (OverflowError); op='function' asks for the function form instead\n"
             "(tf.add, ivy.promote_types_of_inputs), op='operator' = op=True. Returns a tl.dtype, or (dtype, weak) with\n"
             "return_weak_type_flag=True.");

#define TL_PY_STACK_OPS 32

static PyObject *py_result_type(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  PyObject *kw[KW_N] = {0};
  if (parse_kw("result_type", args + nargs, kwnames,
               (1u << KW_RULES) | (1u << KW_X64) | (1u << KW_STRICT) | (1u << KW_OP) | (1u << KW_PRECISE) |
                   (1u << KW_DEFAULT_DTYPE) | (1u << KW_RWF),
               kw) < 0)
    return NULL;
  tl_operand stack_ops[TL_PY_STACK_OPS];
  tl_operand *ops = stack_ops;
  if (nargs > TL_PY_STACK_OPS) {
    ops = PyMem_Malloc(sizeof(tl_operand) * (size_t)nargs);
    if (!ops) return PyErr_NoMemory();
  }
  PyObject *ret = NULL;
  int saturated = 0;
  for (Py_ssize_t i = 0; i < nargs; i++)
    if (to_operand(args[i], &ops[i], &saturated) < 0) goto done;
  tl_config cfg;
  const tl_config *use;
  if (make_cfg(kw, NULL, &cfg, &use) < 0) goto done;
  tl_result r;
  int st = tl_result_type(use, ops, (size_t)nargs, &r);
  if (st != TL_OK) {
    raise_tl(st);
    if (saturated) put_back_big_ints(args, nargs);
    goto done;
  }
  if (kw[KW_RWF] && kw[KW_RWF] != Py_None) {
    int f = 0;
    if (bool_opt("return_weak_type_flag", kw[KW_RWF], &f) < 0) goto done;
    if (f) {
      ret = Py_BuildValue("(NO)", dtype_obj(r.dtype), r.weak ? Py_True : Py_False);
      goto done;
    }
  }
  ret = dtype_obj(r.dtype);
done:
  if (ops != stack_ops) PyMem_Free(ops);
  return ret;
}

PyDoc_STRVAR(can_cast_doc,
             "can_cast(from_, to, casting='safe', /, *, rules=None, x64=None, strict=None, precise=None)\n--\n\n"
             "The framework's can_cast(from_, to, casting) for dtype-likes (or objects with a\n"
             ".dtype) and values (tl_can_cast_operand): under 'numpy1' a Python scalar, NumPy scalar\n"
             "or 0-d array casts by value (np.can_cast(300, 'int16') is True in NumPy 1.26); under\n"
             "'numpy'/'jax'/'torch'/'array-api' a Python int/float/complex/bool value is the\n"
             "framework's TypeError. casting: 'no', 'equiv', 'safe', 'same_kind', 'unsafe'. Byte order of\n"
             "NumPy dtypes and typestrs ('>f4') counts for 'no' and 'equiv'. rules=None uses the\n"
             "enclosing tl.config's rule set, else 'jax' (the same default as promote_types).");

static PyObject *py_can_cast(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  PyObject *kw[KW_N] = {0};
  if (nargs < 2 || nargs > 3) {
    PyErr_Format(PyExc_TypeError, "can_cast() takes 2 or 3 positional arguments but %zd were given", nargs);
    return NULL;
  }
  if (parse_kw("can_cast", args + nargs, kwnames,
               (1u << KW_RULES) | (1u << KW_X64) | (1u << KW_STRICT) | (1u << KW_PRECISE) | (1u << KW_CASTING),
               kw) < 0)
    return NULL;
  if (nargs == 3) {
    if (kw[KW_CASTING]) {
      PyErr_SetString(PyExc_TypeError, "can_cast() got multiple values for argument 'casting'");
      return NULL;
    }
    kw[KW_CASTING] = args[2];
  }
  tl_casting casting = TL_CASTING_SAFE;
  if (kw[KW_CASTING]) {
    if (!PyUnicode_Check(kw[KW_CASTING])) {
      PyErr_SetString(PyExc_TypeError, "casting must be a str");
      return NULL;
    }
    const char *c = PyUnicode_AsUTF8(kw[KW_CASTING]);
    if (!c) return NULL;
    int st = tl_casting_parse(c, &casting);
    if (st != TL_OK) return raise_tl(st);
  }
  int ca, cb;
  if (to_dtype(args[0], &ca) < 0 || to_dtype(args[1], &cb) < 0) return NULL;
  tl_config cfg;
  const tl_config *use;
  if (make_cfg(kw, NULL, &cfg, &use) < 0) return NULL;
  int yes, st;
  PyObject *a0 = args[0];
  if (PyLong_Check(a0) || PyFloat_Check(a0) || PyComplex_Check(a0) ||
      (g_np_generic && (PyObject_TypeCheck(a0, (PyTypeObject *)g_np_generic) ||
                        PyObject_TypeCheck(a0, (PyTypeObject *)g_np_ndarray)))) {
    /* a value (Python scalar, NumPy scalar, 0-d array): the rule set decides what its value means
     * (NumPy 1.x: value-based; NumPy 2, JAX, torch: a Python value is a TypeError) */
    tl_operand op;
    int saturated = 0;
    if (to_operand(a0, &op, &saturated) < 0) return NULL;
    st = tl_can_cast_operand(use, &op, CODE_BO(ca), CODE_ID(cb), CODE_BO(cb), casting, &yes);
  } else {
    st = tl_can_cast(use, CODE_ID(ca), CODE_BO(ca), CODE_ID(cb), CODE_BO(cb), casting, &yes);
  }
  if (st != TL_OK) return raise_tl(st);
  return PyBool_FromLong(yes);
}

/* ---- finfo / iinfo / rules / config ---------------------------------------------------- */

static int arg_dtype(PyObject *obj, tl_dtype *d) {
  int code;
  if (to_dtype(obj, &code) < 0) return -1;
  *d = CODE_ID(code);
  return 0;
}

PyDoc_STRVAR(finfo_doc, "_finfo(dtype) -> dict of the tl_finfo fields of a floating or complex dtype.");
static PyObject *py_finfo(PyObject *self, PyObject *arg) {
  (void)self;
  tl_dtype d;
  if (arg_dtype(arg, &d) < 0) return NULL;
  tl_finfo f;
  int st = tl_finfo_get(d, &f);
  if (st != TL_OK) return raise_tl(st);
  /* finfo(complex).dtype is the component's float dtype, as np.finfo, jnp.finfo, torch.finfo and
   * array_api_strict.finfo say (complex64 -> float32, complex32 -> float16, bcomplex32 -> bfloat16) */
  const tl_dtype_info *info = tl_dtype_get(d);
  tl_dtype fd = info && info->component != TL_DTYPE_NONE ? info->component : d;
  return Py_BuildValue("{s:N,s:i,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "dtype", dtype_obj(fd),
                       "bits", f.bits, "eps", f.eps, "epsneg", f.epsneg, "max", f.max, "min", f.min,
                       "smallest_normal", f.smallest_normal, "smallest_subnormal", f.smallest_subnormal,
                       "resolution", f.resolution, "nexp", f.nexp, "nmant", f.nmant, "maxexp", f.maxexp, "minexp",
                       f.minexp, "precision", f.precision, "machep", f.machep, "negep", f.negep);
}

PyDoc_STRVAR(iinfo_doc, "_iinfo(dtype) -> dict of the tl_iinfo fields of an integer dtype.");
static PyObject *py_iinfo(PyObject *self, PyObject *arg) {
  (void)self;
  tl_dtype d;
  if (arg_dtype(arg, &d) < 0) return NULL;
  tl_iinfo f;
  int st = tl_iinfo_get(d, &f);
  if (st != TL_OK) return raise_tl(st);
  return Py_BuildValue("{s:N,s:i,s:L,s:K}", "dtype", dtype_obj(d), "bits", f.bits, "min", (long long)f.min, "max",
                       (unsigned long long)f.max);
}

PyDoc_STRVAR(rules_doc, "rules() -> list of (name, description, checked_against) of every registered rule set.");
static PyObject *py_rules(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  size_t n = tl_rules_count();
  PyObject *l = PyList_New((Py_ssize_t)n);
  if (!l) return NULL;
  for (size_t i = 0; i < n; i++) {
    const tl_rules *r = tl_rules_at(i);
    PyObject *t = Py_BuildValue("(sss)", tl_rules_name(r), tl_rules_description(r), tl_rules_checked_against(r));
    if (!t) {
      Py_DECREF(l);
      return NULL;
    }
    PyList_SET_ITEM(l, (Py_ssize_t)i, t);
  }
  return l;
}

PyDoc_STRVAR(rules_dtypes_doc, "rules_dtypes(name) -> list of the dtypes a rule set knows (its promotion domain).");
static PyObject *py_rules_dtypes(PyObject *self, PyObject *name) {
  (void)self;
  const tl_rules *r;
  if (find_rules(name, &r) < 0) return NULL;
  tl_dtype all[TL_NUM_DTYPES];
  size_t n = tl_rules_dtypes(r, all, TL_NUM_DTYPES);
  if (n > TL_NUM_DTYPES) n = TL_NUM_DTYPES;
  PyObject *l = PyList_New((Py_ssize_t)n);
  if (!l) return NULL;
  for (size_t i = 0; i < n; i++) PyList_SET_ITEM(l, (Py_ssize_t)i, dtype_obj(all[i]));
  return l;
}

/* The keyword-only options of tl.config, parsed into a configuration: *use is
 * the configuration to apply (NULL = the current one unchanged). */
static int config_from_kw(const char *who, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                          tl_config *cfg, const tl_config **use) {
  PyObject *kw[KW_N] = {0};
  if (nargs) {
    PyErr_Format(PyExc_TypeError, "%s() takes keyword arguments only", who);
    return -1;
  }
  if (parse_kw("config", args, kwnames,
               (1u << KW_RULES) | (1u << KW_X64) | (1u << KW_STRICT) | (1u << KW_OP) | (1u << KW_PRECISE) |
                   (1u << KW_DEFAULT_DTYPE),
               kw) < 0)
    return -1;
  return make_cfg(kw, NULL, cfg, use);
}

PyDoc_STRVAR(config_push_doc,
             "_config_push(*, rules=None, x64=None, strict=None, op=None, precise=None, default_dtype=None)\n--\n\n"
             "Push a configuration scope on this thread: the current one with the given overrides.");
static PyObject *py_config_push(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  tl_config cfg;
  const tl_config *use;
  if (config_from_kw("_config_push", args, nargs, kwnames, &cfg, &use) < 0) return NULL;
  int st = tl_config_push(use ? use : tl_config_current());
  if (st != TL_OK) {
    PyErr_SetString(PyExc_RuntimeError, tl_errmsg());
    return NULL;
  }
  Py_RETURN_NONE;
}

PyDoc_STRVAR(config_check_doc, "_config_check(**options): validate tl.config options without pushing.");
static PyObject *py_config_check(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  tl_config cfg;
  const tl_config *use;
  if (config_from_kw("config", args, nargs, kwnames, &cfg, &use) < 0) return NULL;
  Py_RETURN_NONE;
}

PyDoc_STRVAR(config_pop_doc, "_config_pop(): pop this thread's innermost configuration scope.");
static PyObject *py_config_pop(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  int st = tl_config_pop();
  if (st != TL_OK) {
    PyErr_SetString(PyExc_RuntimeError, tl_errmsg());
    return NULL;
  }
  Py_RETURN_NONE;
}

PyDoc_STRVAR(config_current_doc, "get_config() -> dict: this thread's current settings (rules, x64, strict, op, "
                                 "precise, default_dtype).");
static PyObject *py_config_current(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  const tl_config *c = tl_config_current();
  PyObject *dd = c->default_float == TL_DTYPE_NONE ? Py_NewRef(Py_None) : dtype_obj(c->default_float);
  return Py_BuildValue("{s:s,s:O,s:O,s:O,s:O,s:N}", "rules", c->rules ? tl_rules_name(c->rules) : "jax", "x64",
                       c->x64 ? Py_True : Py_False, "strict", c->strict ? Py_True : Py_False, "op",
                       c->op ? Py_True : Py_False, "precise", c->precise ? Py_True : Py_False, "default_dtype", dd);
}

/* ---- conversion ----------------------------------------------------------------------- */

PyDoc_STRVAR(convert_doc,
             "_convert(from_, to, src_addr, src_strides, dst_addr, dst_strides, shape, flags) -> None | (int, str)\n--\n\n"
             "Convert an N-d strided block with tl_convert (GIL released). Returns None, or with\n"
             "TL_CONVERT_CHECKED (flat C-order index, library message) of the first element\n"
             "that did not survive. Addresses are raw pointers: callers keep both buffers alive.");

#define TL_PY_MAXDIM 64

static int tuple_ssize(PyObject *t, Py_ssize_t *out, Py_ssize_t n, const char *what) {
  if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != n) {
    PyErr_Format(PyExc_ValueError, "_convert: %s must be a tuple of length %zd", what, n);
    return -1;
  }
  for (Py_ssize_t i = 0; i < n; i++) {
    out[i] = PyLong_AsSsize_t(PyTuple_GET_ITEM(t, i));
    if (out[i] == -1 && PyErr_Occurred()) return -1;
  }
  return 0;
}

/* Convert an N-d strided block (byte strides; nd <= TL_PY_MAXDIM) with
 * tl_convert, row by row after merging dimensions that are contiguous in both.
 * Returns the tl status; with TL_ECAST *fail is the flat C-order index of the
 * element that did not survive. Needs no Python: callers may release the GIL.
 * shape/ss/ds are not modified. */
static int convert_nd(tl_dtype from, const void *src, const Py_ssize_t *ss_in, tl_dtype to, void *dst,
                      const Py_ssize_t *ds_in, const Py_ssize_t *shape_in, Py_ssize_t nd, unsigned flags,
                      size_t *fail_out) {
  Py_ssize_t shape[TL_PY_MAXDIM + 1], ss[TL_PY_MAXDIM + 1], ds[TL_PY_MAXDIM + 1];
  *fail_out = 0;
  if (nd > TL_PY_MAXDIM) return TL_EINVAL;
  memcpy(shape, shape_in, sizeof(Py_ssize_t) * (size_t)nd);
  memcpy(ss, ss_in, sizeof(Py_ssize_t) * (size_t)nd);
  memcpy(ds, ds_in, sizeof(Py_ssize_t) * (size_t)nd);
  /* Total size; zero-size arrays convert nothing. */
  size_t total = 1;
  for (Py_ssize_t i = 0; i < nd; i++) {
    if (shape[i] < 0) return TL_EINVAL;
    total *= (size_t)shape[i];
  }
  if (total == 0) return TL_OK;
  /* Drop length-1 dims, then merge dims that are contiguous in both arrays
   * (C order is preserved, so flat indices stay C-order indices). */
  Py_ssize_t m = 0;
  for (Py_ssize_t i = 0; i < nd; i++)
    if (shape[i] != 1) {
      shape[m] = shape[i];
      ss[m] = ss[i];
      ds[m] = ds[i];
      m++;
    }
  if (m == 0) {
    shape[0] = 1;
    ss[0] = ds[0] = 0;
    m = 1;
  }
  Py_ssize_t k = m - 1; /* merge from the innermost outwards */
  for (Py_ssize_t i = m - 2; i >= 0; i--) {
    if (ss[i] == ss[k] * shape[k] && ds[i] == ds[k] * shape[k] && k == i + 1) {
      shape[k] *= shape[i];
      /* shift: dimension i disappears */
      for (Py_ssize_t j = i; j < k; j++) {
        shape[j] = shape[j + 1];
        ss[j] = ss[j + 1];
        ds[j] = ds[j + 1];
      }
      k--;
      m--;
    } else {
      k = i;
    }
  }
  size_t inner = (size_t)shape[m - 1];
  ptrdiff_t sstride = (ptrdiff_t)ss[m - 1], dstride = (ptrdiff_t)ds[m - 1];
  Py_ssize_t outer_nd = m - 1;
  Py_ssize_t idx[TL_PY_MAXDIM] = {0};
  size_t row = 0;
  int st = TL_OK;
  for (;;) {
    const char *s = (const char *)src;
    char *d = (char *)dst;
    for (Py_ssize_t i = 0; i < outer_nd; i++) {
      s += idx[i] * ss[i];
      d += idx[i] * ds[i];
    }
    size_t fi = 0;
    st = tl_convert(from, s, sstride, to, d, dstride, inner, (unsigned)flags, &fi);
    if (st != TL_OK) {
      *fail_out = row * inner + fi;
      break;
    }
    row++;
    Py_ssize_t i = outer_nd - 1;
    for (; i >= 0; i--) {
      if (++idx[i] < shape[i]) break;
      idx[i] = 0;
    }
    if (i < 0) break;
  }
  return st;
}

static PyObject *py_convert(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
  (void)self;
  if (nargs != 8) {
    PyErr_SetString(PyExc_TypeError, "_convert() takes 8 arguments");
    return NULL;
  }
  tl_dtype from, to;
  if (arg_dtype(args[0], &from) < 0 || arg_dtype(args[1], &to) < 0) return NULL;
  if (!PyTuple_Check(args[6])) {
    PyErr_SetString(PyExc_TypeError, "_convert: shape must be a tuple");
    return NULL;
  }
  Py_ssize_t nd = PyTuple_GET_SIZE(args[6]);
  if (nd > TL_PY_MAXDIM) {
    PyErr_SetString(PyExc_ValueError, "_convert: too many dimensions");
    return NULL;
  }
  Py_ssize_t shape[TL_PY_MAXDIM + 1], ss[TL_PY_MAXDIM + 1], ds[TL_PY_MAXDIM + 1];
  if (tuple_ssize(args[6], shape, nd, "shape") < 0 || tuple_ssize(args[3], ss, nd, "src_strides") < 0 ||
      tuple_ssize(args[5], ds, nd, "dst_strides") < 0)
    return NULL;
  void *src = PyLong_AsVoidPtr(args[2]);
  if (!src && PyErr_Occurred()) return NULL;
  void *dst = PyLong_AsVoidPtr(args[4]);
  if (!dst && PyErr_Occurred()) return NULL;
  unsigned long flags = PyLong_AsUnsignedLong(args[7]);
  if (flags == (unsigned long)-1 && PyErr_Occurred()) return NULL;
  size_t fail = 0;
  int st;
  Py_BEGIN_ALLOW_THREADS;
  st = convert_nd(from, src, ss, to, dst, ds, shape, nd, (unsigned)flags, &fail);
  Py_END_ALLOW_THREADS;
  if (st == TL_EINVAL && !fail) { /* negative dimension (the only EINVAL convert_nd itself gives) */
    for (Py_ssize_t i = 0; i < nd; i++)
      if (shape[i] < 0) {
        PyErr_SetString(PyExc_ValueError, "_convert: negative dimension");
        return NULL;
      }
  }
  if (st == TL_ECAST) return Py_BuildValue("(ns)", (Py_ssize_t)fail, tl_errmsg());
  if (st != TL_OK) return raise_tl(st);
  Py_RETURN_NONE;
}


/* ---- astype (fast path in C) ------------------------------------------------------------- */

static PyObject *g_py_module;     /* the package typelattice (slow-path helpers), imported on first use */

static PyObject *pkg_call(const char *fn, PyObject *const *args, size_t nargs) {
  if (!g_py_module) {
    g_py_module = PyImport_ImportModule("typelattice");
    if (!g_py_module) return NULL;
  }
  PyObject *f = PyObject_GetAttrString(g_py_module, fn);
  if (!f) return NULL;
  PyObject *r = PyObject_Vectorcall(f, args, nargs, NULL);
  Py_DECREF(f);
  return r;
}

/* The byte span [lo, hi) an N-d strided view touches; 0 when it has no element. */
static int nd_span(const char *buf, const Py_ssize_t *shape, const Py_ssize_t *strides, int nd, Py_ssize_t itemsize,
                   uintptr_t *lo, uintptr_t *hi) {
  intptr_t a = 0, b = 0;
  for (int i = 0; i < nd; i++) {
    if (shape[i] == 0) return 0;
    intptr_t ext = (intptr_t)(shape[i] - 1) * (intptr_t)strides[i];
    if (ext < 0) a += ext;
    else b += ext;
  }
  *lo = (uintptr_t)buf + (uintptr_t)a;
  *hi = (uintptr_t)buf + (uintptr_t)b + (uintptr_t)itemsize;
  return 1;
}

static int views_overlap(const Py_buffer *x, const Py_buffer *y) {
  uintptr_t xl, xh, yl, yh;
  if (!nd_span(x->buf, x->shape, x->strides, x->ndim, x->itemsize, &xl, &xh)) return 0;
  if (!nd_span(y->buf, y->shape, y->strides, y->ndim, y->itemsize, &yl, &yh)) return 0;
  return xl < yh && yl < xh;
}

/* Element-wise byte copy of a C-contiguous block into an N-d strided view. */
static void copy_into_nd(char *dst, const Py_ssize_t *ds, const Py_ssize_t *shape, int nd, const char *src,
                         Py_ssize_t itemsize) {
  Py_ssize_t idx[TL_PY_MAXDIM] = {0};
  for (int i = 0; i < nd; i++)
    if (shape[i] == 0) return;
  for (;;) {
    char *d = dst;
    for (int i = 0; i < nd; i++) d += idx[i] * ds[i];
    memcpy(d, src, (size_t)itemsize);
    src += itemsize;
    int i = nd - 1;
    for (; i >= 0; i--) {
      if (++idx[i] < shape[i]) break;
      idx[i] = 0;
    }
    if (i < 0) return;
  }
}

static int buf_aligned(const Py_buffer *v) {
  Py_ssize_t al = v->itemsize >= 8 ? 8 : v->itemsize;
  if (al <= 1) return 1;
  if ((uintptr_t)v->buf % (uintptr_t)al) return 0;
  for (int i = 0; i < v->ndim; i++)
    if (v->strides[i] % al) return 0;
  return 1;
}



/* Direct reads of exact numpy.ndarray instances. NumPy's C API needs its headers
 * at build time; instead the few leading fields of PyArrayObject, whose layout
 * is part of NumPy's ABI and unchanged from 1.7 to 2.x (data, nd, dimensions,
 * strides, base, descr, flags), are read directly -- but only after
 * np_struct_check() confirmed them on a real array of this NumPy; otherwise
 * (g_np_struct_ok == 0) everything goes through the buffer protocol. */
typedef struct {
  PyObject_HEAD
  char *data;
  int nd;
  Py_ssize_t *dimensions;
  Py_ssize_t *strides;
  PyObject *base;
  PyObject *descr;
  int flags;
} np_fields;
#define TL_NPY_ALIGNED 0x0100
#define TL_NPY_WRITEABLE 0x0400
static int g_np_struct_ok = -1; /* -1 not checked yet, 0 no, 1 yes */

static int np_struct_check(void) {
  if (g_np_struct_ok >= 0) return g_np_struct_ok;
  g_np_struct_ok = 0;
  PyObject *shape = Py_BuildValue("(ii)", 2, 3);
  PyObject *dt = shape ? PyObject_CallFunction(g_np_dtype_ctor, "s", "int16") : NULL;
  PyObject *arr = dt ? PyObject_CallFunctionObjArgs(g_np_empty, shape, dt, NULL) : NULL;
  Py_buffer v;
  if (arr && Py_TYPE(arr) == (PyTypeObject *)g_np_ndarray && PyObject_GetBuffer(arr, &v, PyBUF_STRIDES) == 0) {
    np_fields *f = (np_fields *)arr;
    PyObject *adt = PyObject_GetAttr(arr, g_str_dtype);
    if (f->data == v.buf && f->nd == 2 && v.ndim == 2 && f->dimensions && f->strides && f->dimensions[0] == 2 &&
        f->dimensions[1] == 3 && f->strides[0] == 6 && f->strides[1] == 2 && adt && f->descr == adt &&
        (f->flags & TL_NPY_ALIGNED) && (f->flags & TL_NPY_WRITEABLE))
      g_np_struct_ok = 1;
    Py_XDECREF(adt);
    PyBuffer_Release(&v);
  }
  PyErr_Clear();
  Py_XDECREF(arr);
  Py_XDECREF(dt);
  Py_XDECREF(shape);
  return g_np_struct_ok;
}

/* A strided view of an ndarray: from its fields when possible (*have = 0),
 * else through the buffer protocol (*have = 1: release it). itemsize is the
 * library's storage size of its dtype. A read-only array asked for writing
 * raises BufferError either way. */
static int nd_view(PyObject *arr, Py_buffer *v, int writable, Py_ssize_t itemsize, int *have) {
  *have = 0;
  if (Py_TYPE(arr) == (PyTypeObject *)g_np_ndarray && np_struct_check() == 1) {
    np_fields *f = (np_fields *)arr;
    if (writable && !(f->flags & TL_NPY_WRITEABLE)) {
      PyErr_SetString(PyExc_BufferError, "read-only array");
      return -1;
    }
    memset(v, 0, sizeof *v);
    v->buf = f->data;
    v->ndim = f->nd;
    v->shape = f->dimensions;
    v->strides = f->strides;
    v->itemsize = itemsize;
    v->readonly = !(f->flags & TL_NPY_WRITEABLE);
    return 0;
  }
  if (PyObject_GetBuffer(arr, v, PyBUF_STRIDES | (writable ? PyBUF_WRITABLE : 0)) < 0) return -1;
  *have = 1;
  return 0;
}

/* The dtype object of an ndarray (new reference). */
static PyObject *nd_dtype(PyObject *arr) {
  if (Py_TYPE(arr) == (PyTypeObject *)g_np_ndarray && np_struct_check() == 1)
    return Py_NewRef(((np_fields *)arr)->descr);
  return PyObject_GetAttr(arr, g_str_dtype);
}

PyDoc_STRVAR(astype_doc,
             "astype(array, dtype, /, *, out=None, saturate=False, checked=False)\n--\n\n"
             "Convert array to dtype with the library's bit-exact kernels (tl_convert).\n\n"
             "array is a NumPy array (ml_dtypes dtypes included) or anything numpy.asarray takes.\n"
             "Returns a new NumPy array of dtype (an ml_dtypes dtype where NumPy has none) (C order), or out filled in place (same\n"
             "shape, dtype dtype, writeable; it may overlap array: the result then goes through a\n"
             "temporary buffer). Semantics of ndarray.astype / ml_dtypes (round to nearest even,\n"
             "integer wrap-around, NaN rules). saturate=True clamps float overflow to the largest\n"
             "finite value. checked=True raises ValueError naming the first index (C order) and\n"
             "value that did not survive; out is then left untouched. saturate and checked must\n"
             "be bools.");

/* Is byte order bo the other one of this host ('>' on a little-endian one)? */
static int bo_swapped(tl_byteorder bo) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return bo == TL_BYTEORDER_LITTLE;
#else
  return bo == TL_BYTEORDER_BIG;
#endif
}

/* Swap the bytes of n elements of dtype d at p in place, as NumPy's
 * byte-swapped dtypes store them (a complex dtype: each part on its own). */
static void swap_elements(char *p, size_t n, tl_dtype d) {
  const tl_dtype_info *info = tl_dtype_get(d);
  const size_t isz = (size_t)info->itemsize, w = info->kind == TL_KIND_COMPLEX ? isz / 2 : isz;
  if (w < 2) return;
  for (size_t k = 0; k < n * (isz / w); k++, p += w)
    for (size_t a = 0, b = w - 1; a < b; a++, b--) {
      const char t = p[a];
      p[a] = p[b], p[b] = t;
    }
}

static PyObject *py_astype(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  static const char *const names[] = {"array", "dtype", "out", "saturate", "checked"};
  PyObject *a[5] = {0};
  if (nargs > 2) {
    PyErr_Format(PyExc_TypeError, "astype() takes 2 positional arguments but %zd were given", nargs);
    return NULL;
  }
  for (Py_ssize_t i = 0; i < nargs; i++) a[i] = args[i];
  Py_ssize_t nk = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; i < nk; i++) {
    PyObject *k = PyTuple_GET_ITEM(kwnames, i);
    int j;
    for (j = 0; j < 5; j++)
      if (PyUnicode_CompareWithASCIIString(k, names[j]) == 0) break;
    if (j == 5) {
      PyErr_Format(PyExc_TypeError, "astype() got an unexpected keyword argument '%U'", k);
      return NULL;
    }
    if (a[j]) {
      PyErr_Format(PyExc_TypeError, "astype() got multiple values for argument '%s'", names[j]);
      return NULL;
    }
    a[j] = args[nargs + i];
  }
  if (!a[0] || !a[1]) {
    PyErr_Format(PyExc_TypeError, "astype() missing required argument '%s'", a[0] ? "dtype" : "array");
    return NULL;
  }
  int saturate = 0, checked = 0;
  if (a[3] && !PyBool_Check(a[3])) return PyErr_Format(PyExc_TypeError, "astype: saturate must be True or False, not %.100s (%R)", Py_TYPE(a[3])->tp_name, a[3]);
  if (a[4] && !PyBool_Check(a[4])) return PyErr_Format(PyExc_TypeError, "astype: checked must be True or False, not %.100s (%R)", Py_TYPE(a[4])->tp_name, a[4]);
  saturate = a[3] == Py_True;
  checked = a[4] == Py_True;
  PyObject *out = a[2] == Py_None ? NULL : a[2];
  int tcode;
  if (to_dtype(a[1], &tcode) < 0) return NULL;
  tl_dtype to = CODE_ID(tcode);
  if (tl_dtype_is_weak(to)) return PyErr_Format(DTypeError, "astype: the weak kind %s is not a storage dtype", tl_dtype_name(to));
  /* a byte-swapped target ('>f4'): converted in native order, then swapped, as NumPy stores it */
  int swap = bo_swapped(CODE_BO(tcode));
  PyObject *to_np = np_dtype_of(to); /* borrowed; imports numpy */
  if (!to_np || !numpy_load()) return NULL;
  if (out && !PyObject_TypeCheck(out, (PyTypeObject *)g_np_ndarray))
    return PyErr_Format(PyExc_TypeError, "astype: out must be a numpy.ndarray, not %.100s", Py_TYPE(out)->tp_name);

  /* The source: an aligned native-order ndarray (the helper makes one otherwise). */
  PyObject *src = Py_NewRef(a[0]);
  PyObject *ret = NULL, *dst = NULL;
  Py_buffer sv = {0}, dv = {0};
  int have_sv = 0, have_dv = 0;
  tl_dtype from = TL_BOOL;
  for (int attempt = 0;; attempt++) {
    int ok = 0;
    if (Py_TYPE(src) == (PyTypeObject *)g_np_ndarray) {
      PyObject *dt = nd_dtype(src);
      if (!dt) goto done;
      int scode;
      int r = to_dtype(dt, &scode);
      Py_DECREF(dt);
      if (r < 0) goto done;
      from = CODE_ID(scode);
      if (CODE_BO(scode) == TL_BYTEORDER_NATIVE || CODE_BO(scode) == TL_BYTEORDER_NA) {
        if (nd_view(src, &sv, 0, tl_dtype_get(from)->itemsize, &have_sv) < 0) goto done;
        if (sv.ndim <= TL_PY_MAXDIM && buf_aligned(&sv)) ok = 1;
        else if (have_sv) {
          PyBuffer_Release(&sv);
          have_sv = 0;
        }
      }
    }
    if (ok) break;
    if (attempt) {
      PyErr_SetString(PyExc_ValueError, "astype: could not get an aligned native-order array of the input");
      goto done;
    }
    PyObject *fixed = pkg_call("_astype_source", &src, 1);
    if (!fixed) goto done;
    Py_SETREF(src, fixed);
  }
  unsigned flags = (saturate ? TL_CONVERT_SATURATE : 0u) | (checked ? TL_CONVERT_CHECKED : 0u);
  Py_ssize_t zeros[1] = {0};
  const Py_ssize_t *sshape = sv.ndim ? sv.shape : zeros, *sstr = sv.ndim ? sv.strides : zeros;
  size_t fail = 0;
  int st;
  if (!out) {
    PyObject *shp = PyObject_GetAttrString(src, "shape");
    if (!shp) goto done;
    PyObject *ea[2] = {shp, to_np};
    dst = PyObject_Vectorcall(g_np_empty, ea, 2, NULL); /* C order, as before */
    Py_DECREF(shp);
    if (!dst) goto done;
    if (nd_view(dst, &dv, 1, tl_dtype_get(to)->itemsize, &have_dv) < 0) goto done;
    Py_BEGIN_ALLOW_THREADS;
    st = convert_nd(from, sv.buf, sstr, to, dv.buf, dv.ndim ? dv.strides : zeros, sshape, sv.ndim, flags, &fail);
    if (st == TL_OK && swap) { /* dst is C-contiguous, of the source's shape (dv.len is not filled in) */
      size_t n = 1;
      for (int i = 0; i < sv.ndim; i++) n *= (size_t)sv.shape[i];
      swap_elements(dv.buf, n, to);
    }
    Py_END_ALLOW_THREADS;
    if (st == TL_OK && swap) {
      PyObject *sw = PyObject_CallMethod(to_np, "newbyteorder", "s", "S");
      PyObject *v = sw ? PyObject_CallMethod(dst, "view", "O", sw) : NULL;
      Py_XDECREF(sw);
      if (!v) goto done;
      if (have_dv) PyBuffer_Release(&dv), have_dv = 0;
      Py_SETREF(dst, v);
    }
  } else {
    PyObject *odt = nd_dtype(out);
    if (!odt) goto done;
    int ocode;
    int r = to_dtype(odt, &ocode);
    if (r < 0) {
      Py_DECREF(odt);
      goto done;
    }
    if (CODE_ID(ocode) != to) {
      PyErr_Format(PyExc_ValueError, "astype: out has dtype %R, expected %R", odt, to_np);
      Py_DECREF(odt);
      goto done;
    }
    swap = bo_swapped(CODE_BO(ocode)); /* out's byte order decides */
    Py_DECREF(odt);
    if (nd_view(out, &dv, 1, tl_dtype_get(to)->itemsize, &have_dv) < 0) {
      if (PyErr_ExceptionMatches(PyExc_BufferError) || PyErr_ExceptionMatches(PyExc_ValueError)) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "astype: out is read-only");
      }
      goto done;
    }
    int same = dv.ndim == sv.ndim;
    for (int i = 0; same && i < sv.ndim; i++) same = dv.shape[i] == sv.shape[i];
    if (!same) {
      PyObject *os = PyObject_GetAttrString(out, "shape"), *ss_ = PyObject_GetAttrString(src, "shape");
      if (os && ss_) PyErr_Format(PyExc_ValueError, "astype: out has shape %R, expected %R", os, ss_);
      Py_XDECREF(os);
      Py_XDECREF(ss_);
      goto done;
    }
    const Py_ssize_t *dstr = dv.ndim ? dv.strides : zeros;
    if (!checked && !swap && !views_overlap(&sv, &dv) && buf_aligned(&dv)) {
      Py_BEGIN_ALLOW_THREADS;
      st = convert_nd(from, sv.buf, sstr, to, dv.buf, dstr, sshape, sv.ndim, flags, &fail);
      Py_END_ALLOW_THREADS;
    } else {
      /* Through a C-contiguous temporary: out is untouched when a checked
       * conversion fails, and an out that overlaps the input (or is not
       * aligned) gets the values of the input as it was. */
      Py_ssize_t n = 1, isz = dv.itemsize;
      for (int i = 0; i < sv.ndim; i++) n *= sv.shape[i];
      char *tmp = PyMem_Malloc((size_t)(n ? n : 1) * (size_t)isz);
      if (!tmp) {
        PyErr_NoMemory();
        goto done;
      }
      Py_ssize_t cstr[TL_PY_MAXDIM + 1];
      Py_ssize_t acc = isz;
      for (int i = sv.ndim - 1; i >= 0; i--) {
        cstr[i] = acc;
        acc *= sv.shape[i];
      }
      Py_BEGIN_ALLOW_THREADS;
      st = convert_nd(from, sv.buf, sstr, to, tmp, sv.ndim ? cstr : zeros, sshape, sv.ndim, flags, &fail);
      if (st == TL_OK && swap) swap_elements(tmp, (size_t)n, to);
      if (st == TL_OK) {
        if (sv.ndim) copy_into_nd(dv.buf, dv.strides, dv.shape, dv.ndim, tmp, isz);
        else memcpy(dv.buf, tmp, (size_t)isz);
      }
      Py_END_ALLOW_THREADS;
      PyMem_Free(tmp);
    }
    dst = Py_NewRef(out);
  }
  if (st == TL_ECAST && checked) {
    PyObject *why = PyUnicode_FromString(tl_errmsg());
    PyObject *fi = PyLong_FromSize_t(fail);
    if (why && fi) {
      PyObject *ea[5] = {src, fi, dtype_obj(from), dtype_obj(to), why};
      PyObject *r = pkg_call("_astype_checked_error", ea, 5); /* raises */
      Py_XDECREF(r);
      Py_DECREF(ea[2]);
      Py_DECREF(ea[3]);
      if (r) PyErr_SetString(PyExc_ValueError, "astype(checked=True): an element did not survive the conversion");
    }
    Py_XDECREF(why);
    Py_XDECREF(fi);
    goto done;
  }
  if (st != TL_OK) {
    raise_tl(st);
    goto done;
  }
  ret = Py_NewRef(dst);
done:
  if (have_sv) PyBuffer_Release(&sv);
  if (have_dv) PyBuffer_Release(&dv);
  Py_XDECREF(dst);
  Py_DECREF(src);
  return ret;
}


/* ---- promoted binary operations on NumPy arrays (tl_binary_into) --------------------------- */


/* One operand as a tl_array: a Python scalar through tl_array_from_scalar (weak
 * under JAX), an aligned native-order ndarray as a view of its buffer (held
 * in *view until the call ends). Other objects were made ndarrays by the
 * Python wrapper; an unaligned or byte-swapped ndarray goes through
 * typelattice._astype_source once. */
static int binary_operand(PyObject **obj, Py_buffer *view, int *have_view, tl_input *in, tl_array **arr,
                          int *saturated) {
  PyObject *o = *obj;
  if (PyBool_Check(o) || PyLong_CheckExact(o) || PyFloat_CheckExact(o) || PyComplex_CheckExact(o)) {
    in->array = NULL;
    return pyscalar_operand(o, &in->scalar, saturated); /* promoted with the others (tl_promote_inputs) */
  }
  for (int attempt = 0;; attempt++) {
    if (numpy_load() && Py_TYPE(o) == (PyTypeObject *)g_np_ndarray) {
      PyObject *dt = PyObject_GetAttr(o, g_str_dtype);
      if (!dt) return -1;
      int code;
      int r = to_dtype(dt, &code);
      Py_DECREF(dt);
      if (r < 0) return -1;
      if (CODE_BO(code) == TL_BYTEORDER_NATIVE || CODE_BO(code) == TL_BYTEORDER_NA) {
        if (PyObject_GetBuffer(o, view, PyBUF_STRIDES) < 0) return -1;
        *have_view = 1;
        if (buf_aligned(view)) {
          if (view->ndim > TL_MAX_NDIM) {
            PyErr_Format(PyExc_ValueError, "binary operation: an operand has %d dimensions (at most %d)", view->ndim,
                         TL_MAX_NDIM);
            return -1;
          }
          int64_t shape[TL_MAX_NDIM];
          ptrdiff_t strides[TL_MAX_NDIM];
          for (int i = 0; i < view->ndim; i++) {
            shape[i] = view->shape[i];
            strides[i] = view->strides[i];
          }
          int st = tl_array_view(CODE_ID(code), 0, view->buf, view->ndim, shape, strides, arr);
          if (st != TL_OK) {
            raise_tl(st);
            return -1;
          }
          in->array = *arr;
          return 0;
        }
        PyBuffer_Release(view);
        *have_view = 0;
      }
    }
    if (attempt) {
      PyErr_Format(PyExc_TypeError, "binary operation: cannot use %.100s as an operand", Py_TYPE(o)->tp_name);
      return -1;
    }
    PyObject *fixed = pkg_call("_astype_source", &o, 1);
    if (!fixed) return -1;
    Py_SETREF(*obj, fixed);
    o = fixed;
  }
}

PyDoc_STRVAR(binary_doc,
             "_binary(op, x1, x2, out, /, *, rules=None, x64=None, strict=None, precise=None, default_dtype=None)\n--\n\n"
             "op(x1, x2) with the rule set's promotion and NumPy broadcasting (tl_binary_into):\n"
             "op is 'add', 'subtract', ... (tl_binop_parse); x1, x2 NumPy arrays or Python scalars.\n"
             "Returns a new NumPy array of the result dtype, or out filled.");

static PyObject *py_binary(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
  (void)self;
  PyObject *kw[KW_N] = {0};
  if (nargs != 4) {
    PyErr_Format(PyExc_TypeError, "_binary() takes 4 positional arguments but %zd were given", nargs);
    return NULL;
  }
  if (parse_kw("binary operation", args + nargs, kwnames,
               (1u << KW_RULES) | (1u << KW_X64) | (1u << KW_STRICT) | (1u << KW_PRECISE) | (1u << KW_DEFAULT_DTYPE),
               kw) < 0)
    return NULL;
  if (!PyUnicode_Check(args[0])) {
    PyErr_SetString(PyExc_TypeError, "_binary: op must be a str");
    return NULL;
  }
  const char *opname = PyUnicode_AsUTF8(args[0]);
  if (!opname) return NULL;
  tl_binop bop;
  int st = tl_binop_parse(opname, &bop);
  if (st != TL_OK) return raise_tl(st);
  tl_config cfg;
  const tl_config *use;
  if (make_cfg(kw, NULL, &cfg, &use) < 0) return NULL;
  if (!use) use = tl_config_current();
  PyObject *out = args[3] == Py_None ? NULL : args[3];
  PyObject *objs[2] = {Py_NewRef(args[1]), Py_NewRef(args[2])};
  Py_buffer views[2], ov;
  int have[2] = {0, 0}, have_ov = 0;
  tl_array *arr[2] = {NULL, NULL}, *tmp = NULL, *ovw = NULL;
  PyObject *dst = NULL, *ret = NULL, *shape_t = NULL;
  tl_input ins[2];
  memset(ins, 0, sizeof ins);
  int saturated = 0;
  for (int i = 0; i < 2; i++)
    if (binary_operand(&objs[i], &views[i], &have[i], &ins[i], &arr[i], &saturated) < 0) goto done;
  /* Python scalars stay scalars: tl_binary_inputs does what the framework
   * does with `x + 2` (promotion with the scalar's value, wrapping,
   * NumPy 2's comparisons with out-of-range ints, ...) */
  tl_result res;
  st = tl_binary_inputs_dtypes(use, bop, &ins[0], &ins[1], NULL, &res);
  if (st != TL_OK) {
    raise_tl(st);
    if (saturated) put_back_big_ints(objs, 2);
    goto done;
  }
  static const int64_t no_shape[1] = {0};
  int nd;
  int64_t shape[TL_MAX_NDIM];
  st = tl_broadcast_shapes(arr[0] ? arr[0]->ndim : 0, arr[0] ? arr[0]->shape : no_shape, arr[1] ? arr[1]->ndim : 0,
                           arr[1] ? arr[1]->shape : no_shape, &nd, shape);
  if (st != TL_OK) {
    raise_tl(st);
    goto done;
  }
  if (!out) {
    PyObject *npd = np_dtype_of(res.dtype);
    if (!npd) goto done;
    if (!numpy_load()) {
      PyErr_SetString(PyExc_ImportError, "binary operations need numpy");
      goto done;
    }
    shape_t = PyTuple_New(nd);
    if (!shape_t) goto done;
    for (int i = 0; i < nd; i++) {
      PyObject *v = PyLong_FromLongLong((long long)shape[i]);
      if (!v) goto done;
      PyTuple_SET_ITEM(shape_t, i, v);
    }
    PyObject *ea[2] = {shape_t, npd};
    dst = PyObject_Vectorcall(g_np_empty, ea, 2, NULL);
  } else {
    if (!numpy_load() || !PyObject_TypeCheck(out, (PyTypeObject *)g_np_ndarray)) {
      PyErr_Format(PyExc_TypeError, "out must be a numpy.ndarray, not %.100s", Py_TYPE(out)->tp_name);
      goto done;
    }
    dst = Py_NewRef(out);
  }
  if (!dst) goto done;
  PyObject *odt = PyObject_GetAttr(dst, g_str_dtype);
  if (!odt) goto done;
  int ocode;
  int r = to_dtype(odt, &ocode);
  Py_DECREF(odt);
  if (r < 0) goto done;
  if (!(CODE_BO(ocode) == TL_BYTEORDER_NATIVE || CODE_BO(ocode) == TL_BYTEORDER_NA)) {
    PyErr_SetString(PyExc_ValueError, "out must be in native byte order");
    goto done;
  }
  if (PyObject_GetBuffer(dst, &ov, PyBUF_STRIDES | PyBUF_WRITABLE) < 0) {
    if (PyErr_ExceptionMatches(PyExc_BufferError) || PyErr_ExceptionMatches(PyExc_ValueError)) {
      PyErr_Clear();
      PyErr_SetString(PyExc_ValueError, "out is read-only");
    }
    goto done;
  }
  have_ov = 1;
  if (ov.ndim > TL_MAX_NDIM || !buf_aligned(&ov)) {
    PyErr_SetString(PyExc_ValueError, "out must be aligned and have at most 32 dimensions");
    goto done;
  }
  {
    int64_t oshape[TL_MAX_NDIM];
    ptrdiff_t ostr[TL_MAX_NDIM];
    for (int i = 0; i < ov.ndim; i++) {
      oshape[i] = ov.shape[i];
      ostr[i] = ov.strides[i];
    }
    st = tl_array_view(CODE_ID(ocode), 0, ov.buf, ov.ndim, oshape, ostr, &ovw);
    if (st != TL_OK) {
      raise_tl(st);
      goto done;
    }
  }
  /* out may be an input itself (same data and strides) but must not otherwise
   * overlap one: then compute into a library array and copy. */
  int partial = 0;
  for (int i = 0; i < 2; i++) {
    if (!have[i] || !views_overlap(&views[i], &ov)) continue;
    int same = views[i].buf == ov.buf && views[i].ndim == ov.ndim && views[i].itemsize == ov.itemsize;
    for (int j = 0; same && j < ov.ndim; j++) same = views[i].shape[j] == ov.shape[j] && views[i].strides[j] == ov.strides[j];
    if (!same) partial = 1;
  }
  if (!partial) {
    Py_BEGIN_ALLOW_THREADS;
    st = tl_binary_inputs(use, bop, &ins[0], &ins[1], TL_DTYPE_NONE, ovw);
    Py_END_ALLOW_THREADS;
  } else {
    st = tl_array_zeros(res.dtype, nd, shape, &tmp);
    if (st == TL_OK) {
      Py_BEGIN_ALLOW_THREADS;
      st = tl_binary_inputs(use, bop, &ins[0], &ins[1], TL_DTYPE_NONE, tmp);
      Py_END_ALLOW_THREADS;
    }
    if (st == TL_OK) {
      if (tmp->dtype != ovw->dtype || tmp->ndim != ovw->ndim) {
        PyErr_Format(PyExc_ValueError, "out has dtype %s and %d dimensions; the result is %s with %d",
                     tl_dtype_name(ovw->dtype), ovw->ndim, tl_dtype_name(tmp->dtype), tmp->ndim);
        goto done;
      }
      for (int j = 0; j < ov.ndim; j++)
        if (tmp->shape[j] != ov.shape[j]) {
          PyErr_SetString(PyExc_ValueError, "out does not have the broadcast shape of the operands");
          goto done;
        }
      if (ov.ndim) copy_into_nd(ov.buf, ov.strides, ov.shape, ov.ndim, tmp->data, ov.itemsize);
      else memcpy(ov.buf, tmp->data, (size_t)ov.itemsize);
    }
  }
  if (st != TL_OK) {
    raise_tl(st);
    goto done;
  }
  ret = Py_NewRef(dst);
done:
  tl_array_free(arr[0]);
  tl_array_free(arr[1]);
  tl_array_free(tmp);
  tl_array_free(ovw);
  for (int i = 0; i < 2; i++) {
    if (have[i]) PyBuffer_Release(&views[i]);
    Py_DECREF(objs[i]);
  }
  if (have_ov) PyBuffer_Release(&ov);
  Py_XDECREF(shape_t);
  Py_XDECREF(dst);
  return ret;
}

PyDoc_STRVAR(convert_tier_doc, "convert_tier() -> str: the SIMD tier of the conversion kernels ('scalar', 'avx2', "
                               "'avx512', 'neon'), or '' when the kernels are not built in.");
static PyObject *py_convert_tier(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  return PyUnicode_FromString(tl_convert_tier());
}

/* ---- module ---------------------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"promote_types", TL_PY_FN(py_promote_types), METH_FASTCALL | METH_KEYWORDS, promote_types_doc},
    {"result_type", TL_PY_FN(py_result_type), METH_FASTCALL | METH_KEYWORDS, result_type_doc},
    {"can_cast", TL_PY_FN(py_can_cast), METH_FASTCALL | METH_KEYWORDS, can_cast_doc},
    {"_finfo", py_finfo, METH_O, finfo_doc},
    {"_iinfo", py_iinfo, METH_O, iinfo_doc},
    {"rules", py_rules, METH_NOARGS, rules_doc},
    {"rules_dtypes", py_rules_dtypes, METH_O, rules_dtypes_doc},
    {"_config_push", TL_PY_FN(py_config_push), METH_FASTCALL | METH_KEYWORDS, config_push_doc},
    {"_config_check", TL_PY_FN(py_config_check), METH_FASTCALL | METH_KEYWORDS, config_check_doc},
    {"_config_pop", py_config_pop, METH_NOARGS, config_pop_doc},
    {"get_config", py_config_current, METH_NOARGS, config_current_doc},
    {"_convert", TL_PY_FN(py_convert), METH_FASTCALL, convert_doc},
    {"convert_tier", py_convert_tier, METH_NOARGS, convert_tier_doc},
    {"astype", TL_PY_FN(py_astype), METH_FASTCALL | METH_KEYWORDS, astype_doc},
    {"_binary", TL_PY_FN(py_binary), METH_FASTCALL | METH_KEYWORDS, binary_doc},
    {NULL, NULL, 0, NULL}};

PyDoc_STRVAR(module_doc, "typelattice._typelattice: the C core of the typelattice package (see typelattice).");

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "_typelattice", module_doc, -1, methods,
                                       NULL,                  NULL,           NULL,       NULL};

static PyObject *intern(const char *s) { return PyUnicode_InternFromString(s); }

PyMODINIT_FUNC PyInit__typelattice(void) {
  if (PyType_Ready(&Dtype_Type) < 0) return NULL;
  PyObject *m = PyModule_Create(&moduledef);
  if (!m) return NULL;
  g_names = PyDict_New();
  g_str_numpy = intern("numpy");
  g_str_dtype = intern("dtype");
  g_str_ndim = intern("ndim");
  g_str_weak_type = intern("weak_type");
  g_str_item = intern("item");
  g_str_bit_length = intern("bit_length");
  g_str_np_dtype = intern("_np_dtype");
  if (!g_names || !g_str_numpy || !g_str_dtype || !g_str_ndim || !g_str_weak_type || !g_str_item ||
      !g_str_bit_length || !g_str_np_dtype)
    goto fail;
  for (int j = 0; j < KW_N; j++)
    if (!(g_kw[j] = intern(kw_names[j]))) goto fail;
  for (int i = 0; i < TL_NUM_DTYPES; i++) {
    PyObject *name = PyUnicode_FromString(tl_dtype_name((tl_dtype)i));
    PyObject *o = name ? (PyObject *)PyObject_New(DtypeObject, &Dtype_Type) : NULL;
    if (!o) {
      Py_XDECREF(name);
      goto fail;
    }
    ((DtypeObject *)o)->id = i;
    ((DtypeObject *)o)->name = Py_NewRef(name);
    g_dtypes[i] = o;
    PyObject *code = PyLong_FromLong(CODE(i, TL_BYTEORDER_NATIVE));
    int r = code ? PyDict_SetItem(g_names, name, code) : -1;
    Py_XDECREF(code);
    Py_DECREF(name);
    if (r < 0) goto fail;
  }
  PyObject *bases = PyTuple_Pack(2, PyExc_TypeError, PyExc_ValueError);
  if (!bases) goto fail;
  DTypeError = PyErr_NewExceptionWithDoc(
      "typelattice.DTypeError",
      "An unknown, ambiguous or unsupported dtype. Both a TypeError (as NumPy's 'data type not\n"
      "understood') and a ValueError.",
      bases, NULL);
  Py_DECREF(bases);
  TypePromotionError = PyErr_NewExceptionWithDoc(
      "typelattice.TypePromotionError",
      "No implicit promotion exists for these inputs under the rule set (JAX's TypePromotionError,\n"
      "NumPy's DTypePromotionError, ...). The message is the framework's.",
      PyExc_ValueError, NULL);
  if (!DTypeError || !TypePromotionError) goto fail;
  /* numpy.exceptions.DTypePromotionError is a TypeError; it is also a tl.TypePromotionError, so code
   * that catches the rule-set-neutral class keeps working under 'numpy'/'numpy1' */
  PyObject *npbases = PyTuple_Pack(2, TypePromotionError, PyExc_TypeError);
  if (!npbases) goto fail;
  DTypePromotionError = PyErr_NewExceptionWithDoc(
      "typelattice.DTypePromotionError",
      "NumPy's numpy.exceptions.DTypePromotionError (rules 'numpy', 'numpy1'): no common dtype for\n"
      "these inputs. Both a tl.TypePromotionError (a ValueError) and a TypeError, as NumPy's class is.\n"
      "The message is NumPy's.",
      npbases, NULL);
  Py_DECREF(npbases);
  if (!DTypePromotionError) goto fail;
  Py_INCREF(&Dtype_Type);
  if (PyModule_AddObject(m, "dtype", (PyObject *)&Dtype_Type) < 0) goto fail;
  Py_INCREF(DTypeError);
  Py_INCREF(TypePromotionError);
  Py_INCREF(DTypePromotionError);
  if (PyModule_AddObject(m, "DTypeError", DTypeError) < 0 ||
      PyModule_AddObject(m, "TypePromotionError", TypePromotionError) < 0 ||
      PyModule_AddObject(m, "DTypePromotionError", DTypePromotionError) < 0)
    goto fail;
  PyObject *all = PyTuple_New(TL_NUM_DTYPES);
  if (!all) goto fail;
  tl_dtype order[TL_NUM_DTYPES]; /* display order (by kind, then width; weak kinds last) */
  tl_dtype_display_order(order, TL_NUM_DTYPES);
  for (int i = 0; i < TL_NUM_DTYPES; i++) PyTuple_SET_ITEM(all, i, dtype_obj(order[i]));
  if (PyModule_AddObject(m, "DTYPES", all) < 0 ||
      PyModule_AddStringConstant(m, "__version__", tl_version_string()) < 0 ||

      PyModule_AddIntConstant(m, "CONVERT_SATURATE", TL_CONVERT_SATURATE) < 0 ||
      PyModule_AddIntConstant(m, "CONVERT_CHECKED", TL_CONVERT_CHECKED) < 0)
    goto fail;
  return m;
fail:
  Py_DECREF(m);
  return NULL;
}
