// __cudavet/aten.h: the ATen layer of the torch shim: at::Tensor with the
// methods kernel launchers use, tensor accessors, factory functions, and
// the namespaces at (which sees all of c10) and torch (which sees all of at),
// as in PyTorch. Host code only; declarations only.
#ifndef __CUDAVET_ATEN_H__
#define __CUDAVET_ATEN_H__
#include "c10.h"

namespace at {
using namespace c10;

class Tensor;
using TensorList = ArrayRef<Tensor>;

// Storage is the memory block under a tensor.
class Storage {
 public:
  size_t nbytes() const;
  const void *data() const;
  void *mutable_data() const;
  Device device() const;
};

// DeprecatedTypeProperties is what the old Tensor::type() returns; the
// dispatch macros accept it as PyTorch does.
class DeprecatedTypeProperties {
 public:
  ScalarType scalarType() const;
  bool is_cuda() const;
  caffe2::TypeMeta typeMeta() const;
};

// ---- accessors ----
template <typename T> struct DefaultPtrTraits {
  typedef T *PtrType;
};
template <typename T> struct RestrictPtrTraits {
  typedef T *__restrict__ PtrType;
};

// TensorAccessor<T, N> indexes an N-dimensional strided view: acc[i] is an
// N-1 dimensional accessor, and at N == 1 a T&.
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor {
 public:
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE T *data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  C10_HOST_DEVICE T &operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE T *data() const;
};

// GenericPackedTensorAccessor carries sizes and strides by value, so that it
// can be passed to a kernel.
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor {
 public:
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE T *data() const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
 public:
  C10_HOST_DEVICE T &operator[](index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE T *data() const;
};
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

// ---- Tensor ----

// Tensor is a reference-counted handle to an n-dimensional array.
class Tensor {
 public:
  Tensor();
  Tensor(const Tensor &other);
  Tensor(Tensor &&other) noexcept;
  ~Tensor();
  Tensor &operator=(const Tensor &other) &;
  Tensor &operator=(Tensor &&other) & noexcept;

  // Shape.
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t size(int64_t dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t dim) const;
  IntArrayRef strides() const;
  int64_t numel() const;
  size_t nbytes() const;
  int64_t element_size() const;
  size_t itemsize() const;
  int64_t storage_offset() const;

  // Properties.
  bool defined() const;
  bool is_contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  bool is_non_overlapping_and_dense() const;
  bool is_cuda() const;
  bool is_cpu() const;
  bool is_meta() const;
  bool is_floating_point() const;
  bool is_complex() const;
  bool is_signed() const;
  bool is_sparse() const;
  bool is_pinned() const;
  bool is_same(const Tensor &other) const;
  bool is_same_size(const Tensor &other) const;
  bool requires_grad() const;
  ScalarType scalar_type() const;
  caffe2::TypeMeta dtype() const;
  Device device() const;
  int64_t get_device() const;
  DeviceIndex get_device_index() const;
  Storage storage() const;
  TensorOptions options() const;
  Layout layout() const;
  DeprecatedTypeProperties &type() const;
  std::string toString() const;

  // Data.
  void *data_ptr() const;
  template <typename T> T *data_ptr() const;
  // data<T>() is data_ptr<T>()'s deprecated name, still in older kernels.
  template <typename T> T *data() const;
  const void *const_data_ptr() const;
  template <typename T> const T *const_data_ptr() const;
  void *mutable_data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  template <typename T> T item() const;
  Scalar item() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  generic_packed_accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;

  // Views and copies.
  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  Tensor clone(optional<MemoryFormat> memory_format = nullopt) const;
  Tensor detach() const;
  Tensor view(IntArrayRef size) const;
  Tensor view(ScalarType dtype) const;
  Tensor view_as(const Tensor &other) const;
  Tensor reshape(IntArrayRef shape) const;
  Tensor reshape_as(const Tensor &other) const;
  Tensor flatten(int64_t start_dim = 0, int64_t end_dim = -1) const;
  Tensor expand(IntArrayRef size, bool implicit = false) const;
  Tensor expand_as(const Tensor &other) const;
  Tensor slice(int64_t dim = 0, optional<int64_t> start = nullopt,
               optional<int64_t> end = nullopt, int64_t step = 1) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor index_select(int64_t dim, const Tensor &index) const;
  Tensor t() const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor squeeze() const;
  Tensor squeeze(int64_t dim) const;
  std::vector<Tensor> split(int64_t split_size, int64_t dim = 0) const;
  std::vector<Tensor> chunk(int64_t chunks, int64_t dim = 0) const;
  Tensor operator[](int64_t index) const;
  Tensor to(TensorOptions options = {}, bool non_blocking = false,
            bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(Device device, ScalarType dtype, bool non_blocking = false,
            bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(const Tensor &other, bool non_blocking = false, bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor cuda() const;
  Tensor cpu() const;
  Tensor new_empty(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_zeros(IntArrayRef size, TensorOptions options = {}) const;

  // In-place.
  Tensor &zero_() const;
  Tensor &fill_(const Scalar &value) const;
  Tensor &copy_(const Tensor &src, bool non_blocking = false) const;
  Tensor &resize_(IntArrayRef size) const;
  Tensor &add_(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor &add_(const Scalar &other, const Scalar &alpha = 1) const;
  Tensor &sub_(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor &mul_(const Tensor &other) const;
  Tensor &mul_(const Scalar &other) const;
  Tensor &div_(const Tensor &other) const;
  Tensor &div_(const Scalar &other) const;
  Tensor &clamp_(optional<Scalar> min, optional<Scalar> max = nullopt) const;

  // Math.
  Tensor add(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor sub(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor mul(const Tensor &other) const;
  Tensor mul(const Scalar &other) const;
  Tensor div(const Tensor &other) const;
  Tensor div(const Scalar &other) const;
  Tensor abs() const;
  Tensor sum(optional<ScalarType> dtype = nullopt) const;
  Tensor sum(IntArrayRef dim, bool keepdim = false,
             optional<ScalarType> dtype = nullopt) const;
  Tensor mean(optional<ScalarType> dtype = nullopt) const;
  Tensor max() const;
  Tensor min() const;
  Tensor amax(IntArrayRef dim = {}, bool keepdim = false) const;
  Tensor argmax(optional<int64_t> dim = nullopt, bool keepdim = false) const;
  Tensor clamp(optional<Scalar> min, optional<Scalar> max = nullopt) const;
  Tensor matmul(const Tensor &other) const;
  Tensor all() const;
  Tensor any() const;
};

Tensor operator+(const Tensor &a, const Tensor &b);
Tensor operator-(const Tensor &a, const Tensor &b);
Tensor operator*(const Tensor &a, const Tensor &b);
Tensor operator/(const Tensor &a, const Tensor &b);
Tensor operator+(const Tensor &a, const Scalar &b);
Tensor operator-(const Tensor &a, const Scalar &b);
Tensor operator*(const Tensor &a, const Scalar &b);
Tensor operator/(const Tensor &a, const Scalar &b);
Tensor operator*(const Scalar &a, const Tensor &b);
Tensor operator-(const Tensor &a);

// ---- factories and free functions ----
Tensor empty(IntArrayRef size, TensorOptions options = {},
             optional<MemoryFormat> memory_format = nullopt);
Tensor empty_like(const Tensor &self, TensorOptions options = {},
                  optional<MemoryFormat> memory_format = nullopt);
Tensor empty_strided(IntArrayRef size, IntArrayRef stride,
                     TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor zeros_like(const Tensor &self, TensorOptions options = {},
                  optional<MemoryFormat> memory_format = nullopt);
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor ones_like(const Tensor &self, TensorOptions options = {},
                 optional<MemoryFormat> memory_format = nullopt);
Tensor full(IntArrayRef size, const Scalar &fill_value,
            TensorOptions options = {});
Tensor full_like(const Tensor &self, const Scalar &fill_value,
                 TensorOptions options = {});
Tensor arange(const Scalar &end, TensorOptions options = {});
Tensor arange(const Scalar &start, const Scalar &end,
              TensorOptions options = {});
Tensor arange(const Scalar &start, const Scalar &end, const Scalar &step,
              TensorOptions options = {});
Tensor rand(IntArrayRef size, TensorOptions options = {});
Tensor randn(IntArrayRef size, TensorOptions options = {});
Tensor from_blob(void *data, IntArrayRef sizes,
                 const TensorOptions &options = {});
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 const TensorOptions &options = {});
// The overloads with a deleter (any callable on void*).
template <typename Deleter,
          typename std::enable_if<
              !std::is_convertible<Deleter, IntArrayRef>::value &&
                  !std::is_convertible<Deleter, TensorOptions>::value,
              int>::type = 0>
Tensor from_blob(void *data, IntArrayRef sizes, Deleter &&deleter,
                 const TensorOptions &options = {}) {
  return from_blob(data, sizes, options);  // defined: Deleter may be a lambda
}
template <typename Deleter,
          typename std::enable_if<
              !std::is_convertible<Deleter, IntArrayRef>::value &&
                  !std::is_convertible<Deleter, TensorOptions>::value,
              int>::type = 0>
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 Deleter &&deleter, const TensorOptions &options = {},
                 optional<Device> target_device = nullopt) {
  return from_blob(data, sizes, strides, options);
}
Tensor cat(TensorList tensors, int64_t dim = 0);
Tensor &sum_out(Tensor &out, const Tensor &self, IntArrayRef dim,
                bool keepdim = false, optional<ScalarType> dtype = nullopt);
Tensor sum(const Tensor &self, IntArrayRef dim, bool keepdim = false,
           optional<ScalarType> dtype = nullopt);
Tensor stack(TensorList tensors, int64_t dim = 0);
Tensor matmul(const Tensor &self, const Tensor &other);
Tensor mm(const Tensor &self, const Tensor &mat2);
Tensor bmm(const Tensor &self, const Tensor &mat2);
Tensor softmax(const Tensor &self, int64_t dim,
               optional<ScalarType> dtype = nullopt);
Tensor where(const Tensor &condition, const Tensor &self, const Tensor &other);
bool allclose(const Tensor &self, const Tensor &other, double rtol = 1e-05,
              double atol = 1e-08, bool equal_nan = false);

// device_of returns the device of a defined tensor, nullopt otherwise.
optional<Device> device_of(const Tensor &t);
optional<Device> device_of(const optional<Tensor> &t);
optional<Device> device_of(ArrayRef<Tensor> t);

bool isReducedFloatingType(ScalarType t);

// Tag marks operator schemas in Library::def.
enum class Tag {
  core,
  cudagraph_unsafe,
  data_dependent_output,
  dynamic_output_shape,
  flexible_layout,
  generated,
  inplace_view,
  maybe_aliasing_or_mutating,
  needs_contiguous_strides,
  needs_exact_strides,
  needs_fixed_stride_order,
  nondeterministic_bitwise,
  nondeterministic_seeded,
  pointwise,
  pt2_compliant_tag,
  view_copy,
};

std::ostream &operator<<(std::ostream &os, const Tensor &t);
}  // namespace at

// ---- ATen/Context.h: the global context's flags (read by bindings) ----
namespace at {
class Context {
 public:
  bool deterministicAlgorithms() const;
  bool deterministicAlgorithmsWarnOnly() const;
  void alertNotDeterministic(c10::string_view caller) const;
  bool deterministicCuDNN() const;
  bool benchmarkCuDNN() const;
  bool allowTF32CuBLAS() const;
  bool allowTF32CuDNN() const;
  bool allowFP16ReductionCuBLAS() const;
  bool allowBF16ReductionCuBLAS() const;
  bool hasCUDA() const;
};
Context& globalContext();
}  // namespace at

// ---- torch: all of at, plus the torch/types.h dtype aliases ----
namespace torch {
using namespace at;
using Dtype = at::ScalarType;
constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kUInt16 = at::kUInt16;
constexpr auto kUInt32 = at::kUInt32;
constexpr auto kUInt64 = at::kUInt64;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;
constexpr auto kU8 = kUInt8;
constexpr auto kU16 = kUInt16;
constexpr auto kU32 = kUInt32;
constexpr auto kU64 = kUInt64;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;
}  // namespace torch

#endif  // __CUDAVET_ATEN_H__
