// __cudavet/tvm_ffi.h: the TVM FFI shim, behind every tvm/ffi/ header name
// (FlashInfer's launchers bind through TVM FFI the way vLLM's bind through
// torch): Tensor and TensorView with the accessors launchers call, the
// containers (Array, Optional, Shape, Tuple, Map, Variant, String), Function
// and Module, the CUDA environment (stream, allocator, device guard, cubin
// launcher) and the check macros. Declarations written from TVM FFI's
// documented API; host code only.
//
// TVM_FFI_ICHECK(cond) << ... and its relatives expand to
// ::__cudavet_assume(cond) followed by a stream that swallows what is
// shifted into it, so the analyzer sees the condition as an assumption (as
// with TORCH_CHECK). The stream starts with "" so that a message written as
// adjacent string literals after the macro still concatenates, as it does
// with the real macros.
#ifndef __CUDAVET_TVM_FFI_H__
#define __CUDAVET_TVM_FFI_H__
#include <dlpack/dlpack.h>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

extern "C" {
typedef void *TVMFFIObjectHandle;
typedef void *TVMFFIStreamHandle;
// TVMFFIEnvGetStream returns the stream the caller's framework set for a
// device (PyTorch's current stream under torch).
TVMFFIStreamHandle TVMFFIEnvGetStream(int32_t device_type, int32_t device_id);
int TVMFFIEnvSetStream(int32_t device_type, int32_t device_id,
                       TVMFFIStreamHandle stream, TVMFFIStreamHandle *opt_out_original);
// TVMFFIEnvTensorAlloc allocates a tensor shaped like prototype through the
// framework's allocator.
int TVMFFIEnvTensorAlloc(DLTensor *prototype, TVMFFIObjectHandle *out);
}

namespace tvm {
namespace ffi {

namespace details {
// __cudavet_sink swallows a check's message.
struct __cudavet_sink {
  template <typename T> const __cudavet_sink &operator<<(const T &) const { return *this; }
  const __cudavet_sink &operator<<(std::ostream &(*)(std::ostream &)) const { return *this; }
};
}  // namespace details

// ---- objects ----
class Object {
 public:
  virtual ~Object() = default;
};

template <typename T> class ObjectPtr {
 public:
  ObjectPtr();
  ObjectPtr(std::nullptr_t);
  template <typename U> ObjectPtr(const ObjectPtr<U> &other);
  T *get() const;
  T *operator->() const;
  T &operator*() const;
  explicit operator bool() const;
};

template <typename T, typename... Args> ObjectPtr<T> make_object(Args &&...args);

class ObjectRef {
 public:
  ObjectRef();
  bool defined() const;
  const Object *get() const;
  const Object *operator->() const;
};

// ---- String ----
class String : public ObjectRef {
 public:
  String();
  String(const char *s);
  String(const std::string &s);
  String(std::string &&s);
  const char *c_str() const;
  const char *data() const;
  size_t size() const;
  size_t length() const;
  bool empty() const;
  operator std::string() const;
  int compare(const String &other) const;
};
bool operator==(const String &a, const String &b);
bool operator!=(const String &a, const String &b);
bool operator==(const String &a, const char *b);
std::ostream &operator<<(std::ostream &os, const String &s);

// ---- Optional ----
template <typename T> class Optional {
 public:
  Optional();
  Optional(std::nullopt_t);
  Optional(const T &value);
  Optional(T &&value);
  template <typename U, typename = std::enable_if_t<std::is_convertible_v<U, T>>>
  Optional(const U &value);
  Optional &operator=(std::nullopt_t);
  bool has_value() const;
  explicit operator bool() const;
  const T &value() const &;
  T &&value() &&;
  T value_or(T default_value) const;
  const T &operator*() const;
  const T *operator->() const;
  bool operator==(std::nullopt_t) const;
  bool operator!=(std::nullopt_t) const;
};

// ---- Any ----
class Any {
 public:
  Any();
  template <typename T> Any(const T &value);
  template <typename T> T cast() const;
  template <typename T> Optional<T> as() const;
  template <typename T> Optional<T> try_cast() const;
  int32_t type_index() const;
};
using AnyView = Any;

// ---- Array ----
template <typename T> class Array : public ObjectRef {
 public:
  using value_type = T;
  using iterator = const T *;
  using const_iterator = const T *;
  Array();
  Array(std::initializer_list<T> init);
  Array(const std::vector<T> &init);
  template <typename It> Array(It first, It last);
  Array(size_t n, const T &value);
  size_t size() const;
  bool empty() const;
  T operator[](int64_t i) const;
  T at(int64_t i) const;
  T front() const;
  T back() const;
  const T *begin() const;
  const T *end() const;
  void push_back(const T &value);
  template <typename... Args> void emplace_back(Args &&...args);
  void insert(const T *pos, const T &value);
  void pop_back();
  void clear();
  void resize(int64_t n);
  void reserve(int64_t n);
  void Set(int64_t i, T value);
  std::vector<T> ToVector() const;
};

// ---- Map ----
template <typename K, typename V> class Map : public ObjectRef {
 public:
  using value_type = std::pair<K, V>;
  Map();
  Map(std::initializer_list<std::pair<K, V>> init);
  size_t size() const;
  bool empty() const;
  size_t count(const K &key) const;
  V at(const K &key) const;
  V operator[](const K &key) const;
  Optional<V> Get(const K &key) const;
  void Set(const K &key, const V &value);
  const std::pair<K, V> *begin() const;
  const std::pair<K, V> *end() const;
  const std::pair<K, V> *find(const K &key) const;
};

// ---- Tuple and Variant ----
template <typename... Ts> class Tuple : public ObjectRef {
 public:
  Tuple();
  template <typename... Us> explicit Tuple(Us &&...args);
  template <size_t I> std::tuple_element_t<I, std::tuple<Ts...>> get() const;
};
template <typename... Us> Tuple(Us...) -> Tuple<Us...>;

template <typename... Ts> class Variant {
 public:
  Variant();
  template <typename T> Variant(const T &value);
  template <typename T> Optional<T> as() const;
  template <typename T> T get() const;
  size_t index() const;
};

// ---- shapes and tensors ----
class ShapeView {
 public:
  ShapeView();
  ShapeView(const int64_t *data, size_t size);
  ShapeView(std::initializer_list<int64_t> init);
  const int64_t *data() const;
  size_t size() const;
  bool empty() const;
  int64_t operator[](size_t i) const;
  int64_t at(size_t i) const;
  int64_t back() const;
  int64_t front() const;
  const int64_t *begin() const;
  const int64_t *end() const;
  int64_t Product() const;
};

class Shape : public ObjectRef {
 public:
  Shape();
  Shape(std::initializer_list<int64_t> init);
  Shape(const std::vector<int64_t> &init);
  Shape(ShapeView view);
  template <typename It> Shape(It first, It last);
  const int64_t *data() const;
  size_t size() const;
  bool empty() const;
  int64_t operator[](size_t i) const;
  int64_t at(size_t i) const;
  int64_t back() const;
  int64_t front() const;
  const int64_t *begin() const;
  const int64_t *end() const;
  int64_t Product() const;
  operator ShapeView() const;
};

// __CUDAVET_TVM_TENSOR_API is what Tensor and TensorView share: the
// DLTensor's fields through accessors; size and stride take negative
// indices from the end.
#define __CUDAVET_TVM_TENSOR_API                        \
  void *data_ptr() const;                               \
  int32_t ndim() const;                                 \
  DLDataType dtype() const;                             \
  DLDevice device() const;                              \
  ShapeView shape() const;                              \
  ShapeView strides() const;                            \
  ShapeView sizes() const;                              \
  int32_t dim() const;                                  \
  int64_t size(int64_t idx) const;                      \
  int64_t stride(int64_t idx) const;                    \
  int64_t numel() const;                                \
  uint64_t byte_offset() const;                         \
  bool IsContiguous() const;                            \
  bool IsAligned(size_t alignment) const;               \
  const DLTensor *GetDLTensorPtr() const;               \
  const DLTensor *operator->() const;

class TensorView;

class Tensor : public ObjectRef {
 public:
  Tensor();
  Tensor(std::nullptr_t);
  __CUDAVET_TVM_TENSOR_API
  DLManagedTensor *ToDLPack() const;
  DLManagedTensorVersioned *ToDLPackVersioned() const;
  static Tensor FromDLPack(DLManagedTensor *tensor, size_t require_alignment = 0,
                           bool require_contiguous = false);
  static Tensor FromDLPackVersioned(DLManagedTensorVersioned *tensor,
                                    size_t require_alignment = 0,
                                    bool require_contiguous = false);
  static Tensor FromEnvAlloc(int (*env_alloc)(DLTensor *, TVMFFIObjectHandle *),
                             ShapeView shape, DLDataType dtype, DLDevice device);
  template <typename Alloc, typename... Extra>
  static Tensor FromNDAlloc(Alloc alloc, ShapeView shape, DLDataType dtype, DLDevice device,
                            Extra &&...extra);
};

// TensorView is a non-owning view of a tensor, what launchers take.
class TensorView {
 public:
  TensorView();
  TensorView(const Tensor &tensor);
  TensorView(const DLTensor *tensor);
  __CUDAVET_TVM_TENSOR_API
};
#undef __CUDAVET_TVM_TENSOR_API

size_t GetDataSize(int64_t numel, DLDataType dtype);
size_t GetDataSize(const DLTensor &tensor);
size_t GetDataSize(const Tensor &tensor);
String DLDataTypeToString(DLDataType dtype);
DLDataType StringToDLDataType(const String &str);

// ---- functions and modules ----
class Function : public ObjectRef {
 public:
  Function();
  Function(std::nullptr_t);
  template <typename F> static Function FromTyped(F f);
  template <typename F> static Function FromTyped(F f, std::string name);
  template <typename F> static Function FromPacked(F f);
  static Optional<Function> GetGlobal(const String &name);
  static Function GetGlobalRequired(const String &name);
  template <typename... Args> Any operator()(Args &&...args) const;
};

template <typename F> class TypedFunction {
 public:
  TypedFunction();
  template <typename G> TypedFunction(G g);
  template <typename... Args> auto operator()(Args &&...args) const;
};

class ModuleObj : public Object {
 public:
  virtual const char *kind() const { return ""; }
  virtual Optional<Function> GetFunction(const String &name) { return Optional<Function>(); }
  virtual int GetPropertyMask() const { return 0; }
};

class Module : public ObjectRef {
 public:
  Module();
  explicit Module(ObjectPtr<ModuleObj> ptr);
  template <typename T> explicit Module(ObjectPtr<T> ptr);
  ModuleObj *operator->() const;
  Optional<Function> GetFunction(const String &name, bool query_imports = false) const;
  static Module LoadFromFile(const String &file_name);
};

// ---- errors ----
class Error : public std::exception {
 public:
  Error(std::string kind, std::string message, std::string backtrace = "");
  std::string kind() const;
  std::string message() const;
  const char *what() const noexcept override;
};

// ---- CUDA environment ----
// CUDADeviceGuard makes a device current for its lifetime.
class CUDADeviceGuard {
 public:
  explicit CUDADeviceGuard(int device_index);
  ~CUDADeviceGuard();
  void set_index(int device_index);
};

// tvm::ffi::dim3 has CUDA's dim3 members and constructor: the launch
// model reads it as dim3.
using dim3 = ::dim3;

// CubinKernel is one kernel of an embedded cubin: its launches run code
// cudavet cannot see.
class CubinKernel {
 public:
  cudaError_t Launch(void **args, dim3 grid, dim3 block, cudaStream_t stream,
                     uint32_t dyn_smem_bytes = 0);
  cudaError_t LaunchEx(void **args, dim3 grid, dim3 block, cudaStream_t stream,
                       uint32_t dyn_smem_bytes = 0, void *config = nullptr);
  cudaError_t SetMaxDynamicSharedMemory(int64_t bytes);
};

class CubinModule {
 public:
  explicit CubinModule(const void *image);
  CubinKernel GetKernel(const char *name);
  CubinKernel GetKernelWithMaxDynamicSharedMemory(const char *name, int64_t dynamic_smem_max);
  CubinKernel operator[](const char *name);
};
}  // namespace ffi
}  // namespace tvm

bool operator==(const DLDataType &a, const DLDataType &b);
bool operator!=(const DLDataType &a, const DLDataType &b);
bool operator==(const DLDevice &a, const DLDevice &b);
bool operator!=(const DLDevice &a, const DLDevice &b);
std::ostream &operator<<(std::ostream &os, DLDataType dtype);
std::ostream &operator<<(std::ostream &os, DLDevice device);
std::ostream &operator<<(std::ostream &os, const tvm::ffi::ShapeView &shape);
std::ostream &operator<<(std::ostream &os, const tvm::ffi::Shape &shape);

#define __CUDAVET_TVM_CHECK(cond) \
  ::__cudavet_assume(static_cast<bool>(cond)), ::tvm::ffi::details::__cudavet_sink() << ""
#define TVM_FFI_ICHECK(cond) __CUDAVET_TVM_CHECK(cond)
#define TVM_FFI_CHECK(cond, ...) __CUDAVET_TVM_CHECK(cond)
#define TVM_FFI_DCHECK(cond) __CUDAVET_TVM_CHECK(cond)
#define TVM_FFI_ICHECK_EQ(a, b) __CUDAVET_TVM_CHECK((a) == (b))
#define TVM_FFI_ICHECK_NE(a, b) __CUDAVET_TVM_CHECK((a) != (b))
#define TVM_FFI_ICHECK_LT(a, b) __CUDAVET_TVM_CHECK((a) < (b))
#define TVM_FFI_ICHECK_LE(a, b) __CUDAVET_TVM_CHECK((a) <= (b))
#define TVM_FFI_ICHECK_GT(a, b) __CUDAVET_TVM_CHECK((a) > (b))
#define TVM_FFI_ICHECK_GE(a, b) __CUDAVET_TVM_CHECK((a) >= (b))
#define TVM_FFI_ICHECK_NOTNULL(x) __CUDAVET_TVM_CHECK((x) != nullptr)
#define TVM_FFI_DCHECK_EQ(a, b) __CUDAVET_TVM_CHECK((a) == (b))
#define TVM_FFI_DCHECK_LT(a, b) __CUDAVET_TVM_CHECK((a) < (b))
#define TVM_FFI_THROW(kind) __CUDAVET_TVM_CHECK(false)
#define TVM_FFI_LOG_AND_THROW(kind) __CUDAVET_TVM_CHECK(false)
#define TVM_FFI_UNREACHABLE() ::__cudavet_assume(false)

// TVM_FFI_DLL_EXPORT_TYPED_FUNC exports func under a name: here it only
// names the function, which keeps it an entry point of the unit.
#define TVM_FFI_DLL_EXPORT_TYPED_FUNC(name, ...) \
  [[maybe_unused]] static auto __cudavet_tvm_export_##name = (__VA_ARGS__)
#define TVM_FFI_STATIC_INIT_BLOCK() static void __cudavet_tvm_static_init_block()
#define TVM_FFI_DLL extern "C"
#define TVM_FFI_INLINE inline
#define TVM_FFI_LIKELY(x) (x)
#define TVM_FFI_UNLIKELY(x) (x)

// The cubin launcher embeds a compiled kernel image; the kernel's source is
// not in the unit.
// As TVM-FFI does, it declares the image and a singleton
// EmbedCubinModule_<name> holding its module, which launchers also name
// directly (EmbedCubinModule_<name>::Global()->mod.GetKernel("k")).
#define __CUDAVET_TVM_EMBED_MODULE(name, image)        \
  namespace {                                          \
  struct EmbedCubinModule_##name {                     \
    ::tvm::ffi::CubinModule mod{image};                \
    static EmbedCubinModule_##name *Global();          \
  };                                                   \
  }
#define TVM_FFI_EMBED_CUBIN(name)                              \
  extern "C" const unsigned char __cudavet_tvm_cubin_##name[]; \
  __CUDAVET_TVM_EMBED_MODULE(name, __cudavet_tvm_cubin_##name)
#define TVM_FFI_EMBED_CUBIN_FROM_BYTES(name, imageBytes) \
  __CUDAVET_TVM_EMBED_MODULE(name, imageBytes)
#define TVM_FFI_EMBED_CUBIN_GET_KERNEL(name, kernel_name) \
  (EmbedCubinModule_##name::Global()->mod.GetKernel(kernel_name))
#define TVM_FFI_CHECK_CUBIN_LAUNCHER_CUDA_ERROR(expr) \
  ::__cudavet_assume((expr) == cudaSuccess)
#define TVM_FFI_CHECK_CUDA_ERROR(expr) ::__cudavet_assume((expr) == cudaSuccess)
#endif  // __CUDAVET_TVM_FFI_H__
