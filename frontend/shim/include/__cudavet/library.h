// __cudavet/library.h: operator registration (torch::Library, TORCH_LIBRARY,
// TORCH_LIBRARY_IMPL, TORCH_LIBRARY_FRAGMENT, TORCH_FN) and the pybind11
// module entry point of torch/extension.h. Each registration block becomes
// a static function taking the Library, so its body parses as host code;
// def/impl accept any schema string and any callable.
#ifndef __CUDAVET_LIBRARY_H__
#define __CUDAVET_LIBRARY_H__
#include "aten.h"

namespace torch {

// class_ registers a TorchScript custom class (torch/custom_class.h).
using CustomClassHolder = c10::intrusive_ptr_target;
template <typename T, typename... Args>
c10::intrusive_ptr<T> make_intrusive(Args &&...args);
template <typename... Types> struct init {};
template <class CurClass> class class_ {
 public:
  explicit class_(const std::string &namespaceName, const std::string &className,
                  std::string doc_string = "");
  template <typename... Types> class_ &def(torch::init<Types...>, std::string doc_string = "") { return *this; }
  template <typename Func> class_ &def(std::string name, Func f, std::string doc_string = "") { return *this; }
  template <typename Func> class_ &def_static(std::string name, Func f) { return *this; }
  template <typename GetterFunc>
  class_ &def_property(const std::string &name, GetterFunc getter_func, std::string doc_string = "") { return *this; }
  template <typename GetterFunc, typename SetterFunc>
  class_ &def_property(const std::string &name, GetterFunc getter_func, SetterFunc setter_func,
                       std::string doc_string = "") { return *this; }
  template <typename T>
  class_ &def_readwrite(const std::string &name, T CurClass::*field) { return *this; }
  template <typename T>
  class_ &def_readonly(const std::string &name, T CurClass::*field) { return *this; }
  template <typename GetterFunc, typename SetterFunc>
  class_ &def_pickle(GetterFunc &&get_state, SetterFunc &&set_state) { return *this; }
};

// Library collects the operator schemas (def) and kernels (impl) of one
// namespace.
// The bodies are placeholders: a template used with a lambda must be defined
// in the translation unit.
class Library {
 public:
  enum Kind { DEF, IMPL, FRAGMENT };
  template <class CurClass> class_<CurClass> class_(const std::string &className);
  template <typename Schema>
  Library &def(Schema &&schema, const std::vector<at::Tag> &tags = {}) {
    return *this;
  }
  template <typename NameOrSchema, typename Func>
  Library &def(NameOrSchema &&name, Func &&f,
               const std::vector<at::Tag> &tags = {}) {
    return *this;
  }
  template <typename Name, typename Func> Library &impl(Name name, Func &&f) {
    return *this;
  }
  template <typename Name, typename Dispatch, typename Func>
  Library &impl(Name name, Dispatch &&key, Func &&f) {
    return *this;
  }
  template <typename Func> Library &fallback(Func &&f) { return *this; }
};

}  // namespace torch

#define TORCH_LIBRARY(ns, m) static void TORCH_LIBRARY_init_##ns(::torch::Library &m)
#define TORCH_LIBRARY_FRAGMENT(ns, m)                                          \
  static void C10_CONCATENATE(TORCH_LIBRARY_FRAGMENT_init_##ns##_,             \
                              __COUNTER__)(::torch::Library & m)
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  static void C10_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_,           \
                              __COUNTER__)(::torch::Library & m)
#define TORCH_FN(func) (&func)
#define TORCH_SELECTIVE_SCHEMA(n) n
#define TORCH_SELECTIVE_NAME(n) n
// vLLM's registration.h spells these on top of TORCH_LIBRARY; provided for
// trees that lack it (a tree's own definitions take precedence).
#ifndef TORCH_LIBRARY_EXPAND
#define TORCH_LIBRARY_EXPAND(NAME, MODULE) TORCH_LIBRARY(NAME, MODULE)
#endif
#ifndef TORCH_LIBRARY_IMPL_EXPAND
#define TORCH_LIBRARY_IMPL_EXPAND(NAME, DEVICE, MODULE)                        \
  TORCH_LIBRARY_IMPL(NAME, DEVICE, MODULE)
#endif

namespace pybind11 {
// module_ is the Python module an extension fills with def.
class module_ {
 public:
  template <typename Func, typename... Extra>
  module_ &def(const char *name, Func &&f, const Extra &...extra) {
    return *this;
  }
  module_ def_submodule(const char *name, const char *doc = nullptr);
  template <typename T> module_ &attr(const char *name);
};
using module = module_;
// arg names a keyword argument; arg("x") = v gives it a default.
struct arg {
  explicit arg(const char *name);
  template <typename T> arg &operator=(T &&value);
};
}  // namespace pybind11
namespace py = pybind11;

#define PYBIND11_MODULE(name, variable)                                        \
  static void C10_CONCATENATE(__cudavet_pybind11_init_,                        \
                              name)(::pybind11::module_ & variable)
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME _C
#endif

#endif  // __CUDAVET_LIBRARY_H__
