// Python.h: the few CPython module-creation names that extension registration
// headers use (PyMODINIT_FUNC, PyModuleDef, PyModule_Create). Declarations
// only; found only when the tree's include path has no real Python.h.
#ifndef __CUDAVET_PYTHON_H__
#define __CUDAVET_PYTHON_H__
#include <stddef.h>

typedef struct _object {
  long ob_refcnt;
} PyObject;
typedef struct PyModuleDef_Base {
  PyObject ob_base;
} PyModuleDef_Base;
#define PyModuleDef_HEAD_INIT {}
typedef struct PyMethodDef PyMethodDef;
typedef struct PyModuleDef_Slot PyModuleDef_Slot;
typedef int (*traverseproc)(PyObject *, int (*)(PyObject *, void *), void *);
typedef int (*inquiry)(PyObject *);
typedef void (*freefunc)(void *);
// The nine members of CPython's PyModuleDef, in its order: extension
// headers initialise all of them positionally.
typedef struct PyModuleDef {
  PyModuleDef_Base m_base;
  const char *m_name;
  const char *m_doc;
  long m_size;
  PyMethodDef *m_methods;
  PyModuleDef_Slot *m_slots;
  traverseproc m_traverse;
  inquiry m_clear;
  freefunc m_free;
} PyModuleDef;
#define PyMODINIT_FUNC extern "C" PyObject *
extern "C" PyObject *PyModule_Create(PyModuleDef *def);
extern "C" PyObject *PyModule_Create2(PyModuleDef *def, int apiver);

#endif  // __CUDAVET_PYTHON_H__
