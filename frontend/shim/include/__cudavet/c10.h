// __cudavet/c10.h: the c10 layer of the torch shim: C10_* macros, the
// ScalarType enum in PyTorch's order, the reduced-precision scalar types
// (c10::Half, c10::BFloat16, c10::Float8_*) with PyTorch's layout and
// operator set, std::numeric_limits for them, ArrayRef, optional, Device,
// TensorOptions, Scalar, irange, and the TORCH_CHECK family.
//
// TORCH_CHECK(cond, ...) and friends expand to ::__cudavet_assume(cond);:
// the message arguments are dropped and the analyzer sees the condition as an
// assumption on the paths that continue.
#ifndef __CUDAVET_C10_H__
#define __CUDAVET_C10_H__
#include <cudavet_shim.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <utility>
#include <tuple>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include <algorithm>
#include <memory>
#include <numeric>
#include <stdexcept>
// What torch/all.h makes visible besides (c10/util, ATen/core and the
// torch API include these; kernel files rely on them without including).
#include <variant>
#include <functional>
#include <map>
#include <unordered_map>
#include <set>
#include <unordered_set>
#include <deque>
#include <list>
#include <iosfwd>
#include <ostream>
#include <sstream>
#include <iostream>
#include <iomanip>
#include <atomic>
#include <mutex>
#include <chrono>
#include <cassert>
#include <climits>
#include <cfloat>
#include <cstdio>

// ---- c10/macros/Macros.h ----
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_HIP_HOST_DEVICE
#define C10_API
#define TORCH_API
#define C10_EXPORT
#define C10_UNUSED __attribute__((__unused__))
#define C10_NODISCARD [[nodiscard]]
#define C10_NOINLINE __attribute__((noinline))
#define C10_ALWAYS_INLINE inline __attribute__((__always_inline__))
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#define C10_RESTRICT __restrict
#define C10_WARP_SIZE 32
#define C10_MAX_THREADS_PER_BLOCK(val) (((val) <= 1024) ? (val) : 1024)
#define C10_MIN_BLOCKS_PER_SM(threads_per_block, blocks_per_sm)                \
  ((((threads_per_block) * (blocks_per_sm) <= 2048)                            \
        ? (blocks_per_sm)                                                      \
        : ((2048 + (threads_per_block)-1) / (threads_per_block))))
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)                             \
  __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))))
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)          \
  __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))),      \
                    (C10_MIN_BLOCKS_PER_SM((max_threads_per_block),            \
                                           (min_blocks_per_sm))))
#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)
#define C10_UID __COUNTER__
#define C10_ANONYMOUS_VARIABLE(str) C10_CONCATENATE(str, __COUNTER__)
#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)
#define C10_DISABLE_COPY_AND_ASSIGN(classname)                                 \
  classname(const classname &) = delete;                                       \
  classname &operator=(const classname &) = delete

// ---- c10/util/Exception.h: checks become analyzer assumptions ----
// PyTorch's TORCH_CHECK is an if statement, so code writes it with or without
// a trailing semicolon; __CUDAVET_CHECK therefore ends in its own semicolon
// (a written one adds an empty statement), which keeps the call a statement
// of the enclosing block. The glog-style TORCH_CHECK_EQ family are
// expressions in PyTorch and here.
#define __CUDAVET_CHECK(cond) ::__cudavet_assume(static_cast<bool>(cond));
#define TORCH_CHECK(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_MSG(cond, type, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_INDEX(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_VALUE(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_TYPE(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_LINALG(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_CHECK_EQ(a, b) ::__cudavet_assume((a) == (b))
#define TORCH_CHECK_NE(a, b) ::__cudavet_assume((a) != (b))
#define TORCH_CHECK_LE(a, b) ::__cudavet_assume((a) <= (b))
#define TORCH_CHECK_LT(a, b) ::__cudavet_assume((a) < (b))
#define TORCH_CHECK_GE(a, b) ::__cudavet_assume((a) >= (b))
#define TORCH_CHECK_GT(a, b) ::__cudavet_assume((a) > (b))
#define TORCH_DCHECK_EQ(a, b) ::__cudavet_assume((a) == (b))
#define TORCH_DCHECK_NE(a, b) ::__cudavet_assume((a) != (b))
#define TORCH_DCHECK_LE(a, b) ::__cudavet_assume((a) <= (b))
#define TORCH_DCHECK_LT(a, b) ::__cudavet_assume((a) < (b))
#define TORCH_DCHECK_GE(a, b) ::__cudavet_assume((a) >= (b))
#define TORCH_DCHECK_GT(a, b) ::__cudavet_assume((a) > (b))
#define TORCH_INTERNAL_ASSERT(cond, ...) __CUDAVET_CHECK(cond)
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(cond, ...) __CUDAVET_CHECK(cond)
#define AT_ASSERT(cond, ...) __CUDAVET_CHECK(cond)
#define AT_ASSERTM(cond, ...) __CUDAVET_CHECK(cond)
#define AT_ERROR(...) __CUDAVET_CHECK(false)
#define TORCH_WARN(...) ((void)0)
#define TORCH_WARN_ONCE(...) ((void)0)
#define TORCH_WARN_DEPRECATION(...) ((void)0)
#define C10_THROW_ERROR(err_type, msg) __CUDAVET_CHECK(false)

namespace c10 {

// ---- reduced-precision scalar types ----

// The operator set of c10's Half-inl.h / BFloat16-inl.h / Float8_*-inl.h:
// T op T -> T, T op float -> float, T op double -> double, T op int -> T,
// T op int64_t -> T, in both orders, plus compound assignments.
#define __CUDAVET_C10_ARITH(T)                                                 \
  C10_HOST_DEVICE T operator+(const T &a, const T &b);                         \
  C10_HOST_DEVICE T operator-(const T &a, const T &b);                         \
  C10_HOST_DEVICE T operator*(const T &a, const T &b);                         \
  C10_HOST_DEVICE T operator/(const T &a, const T &b);                         \
  C10_HOST_DEVICE T operator-(const T &a);                                     \
  C10_HOST_DEVICE T &operator+=(T &a, const T &b);                             \
  C10_HOST_DEVICE T &operator-=(T &a, const T &b);                             \
  C10_HOST_DEVICE T &operator*=(T &a, const T &b);                             \
  C10_HOST_DEVICE T &operator/=(T &a, const T &b);                             \
  C10_HOST_DEVICE float operator+(T a, float b);                               \
  C10_HOST_DEVICE float operator-(T a, float b);                               \
  C10_HOST_DEVICE float operator*(T a, float b);                               \
  C10_HOST_DEVICE float operator/(T a, float b);                               \
  C10_HOST_DEVICE float operator+(float a, T b);                               \
  C10_HOST_DEVICE float operator-(float a, T b);                               \
  C10_HOST_DEVICE float operator*(float a, T b);                               \
  C10_HOST_DEVICE float operator/(float a, T b);                               \
  C10_HOST_DEVICE float &operator+=(float &a, const T &b);                     \
  C10_HOST_DEVICE float &operator-=(float &a, const T &b);                     \
  C10_HOST_DEVICE float &operator*=(float &a, const T &b);                     \
  C10_HOST_DEVICE float &operator/=(float &a, const T &b);                     \
  C10_HOST_DEVICE double operator+(T a, double b);                             \
  C10_HOST_DEVICE double operator-(T a, double b);                             \
  C10_HOST_DEVICE double operator*(T a, double b);                             \
  C10_HOST_DEVICE double operator/(T a, double b);                             \
  C10_HOST_DEVICE double operator+(double a, T b);                             \
  C10_HOST_DEVICE double operator-(double a, T b);                             \
  C10_HOST_DEVICE double operator*(double a, T b);                             \
  C10_HOST_DEVICE double operator/(double a, T b);                             \
  C10_HOST_DEVICE T operator+(T a, int b);                                     \
  C10_HOST_DEVICE T operator-(T a, int b);                                     \
  C10_HOST_DEVICE T operator*(T a, int b);                                     \
  C10_HOST_DEVICE T operator/(T a, int b);                                     \
  C10_HOST_DEVICE T operator+(int a, T b);                                     \
  C10_HOST_DEVICE T operator-(int a, T b);                                     \
  C10_HOST_DEVICE T operator*(int a, T b);                                     \
  C10_HOST_DEVICE T operator/(int a, T b);                                     \
  C10_HOST_DEVICE T operator+(T a, int64_t b);                                 \
  C10_HOST_DEVICE T operator-(T a, int64_t b);                                 \
  C10_HOST_DEVICE T operator*(T a, int64_t b);                                 \
  C10_HOST_DEVICE T operator/(T a, int64_t b);                                 \
  C10_HOST_DEVICE T operator+(int64_t a, T b);                                 \
  C10_HOST_DEVICE T operator-(int64_t a, T b);                                 \
  C10_HOST_DEVICE T operator*(int64_t a, T b);                                 \
  C10_HOST_DEVICE T operator/(int64_t a, T b);

// A reduced-precision float: BITS raw storage, constructible from the raw
// bits (constexpr, for numeric_limits) and from float, convertible to float.
#define __CUDAVET_C10_FLOAT_TYPE(T, BITS, ALIGN, EXTRA)                       \
  struct alignas(ALIGN) T {                                                    \
    BITS x;                                                                    \
    struct from_bits_t {};                                                     \
    C10_HOST_DEVICE static constexpr from_bits_t from_bits() {                 \
      return from_bits_t();                                                    \
    }                                                                          \
    T() = default;                                                             \
    C10_HOST_DEVICE constexpr T(BITS bits, from_bits_t) : x(bits) {}           \
    C10_HOST_DEVICE T(float value);                                            \
    C10_HOST_DEVICE operator float() const;                                    \
    EXTRA                                                                      \
  };                                                                           \
  __CUDAVET_C10_ARITH(T)

// c10::Half: IEEE binary16, unsigned short x; size 2, align 2.
__CUDAVET_C10_FLOAT_TYPE(Half, unsigned short, 2,
                         C10_HOST_DEVICE Half(const __half &value);
                         C10_HOST_DEVICE operator __half() const;)
// c10::BFloat16: bfloat16, uint16_t x; size 2, align 2.
__CUDAVET_C10_FLOAT_TYPE(BFloat16, uint16_t, 2,
                         C10_HOST_DEVICE BFloat16(const __nv_bfloat16 &value);
                         C10_HOST_DEVICE operator __nv_bfloat16() const;)
// c10::Float8_*: uint8_t x; size 1, align 1.
__CUDAVET_C10_FLOAT_TYPE(Float8_e4m3fn, uint8_t, 1, )
__CUDAVET_C10_FLOAT_TYPE(Float8_e5m2, uint8_t, 1, )
__CUDAVET_C10_FLOAT_TYPE(Float8_e4m3fnuz, uint8_t, 1, )
__CUDAVET_C10_FLOAT_TYPE(Float8_e5m2fnuz, uint8_t, 1, )
__CUDAVET_C10_FLOAT_TYPE(Float8_e8m0fnu, uint8_t, 1, )
#undef __CUDAVET_C10_FLOAT_TYPE
#undef __CUDAVET_C10_ARITH

// c10::Float4_e2m1fn_x2: two packed E2M1 values; raw bits only.
struct alignas(1) Float4_e2m1fn_x2 {
  uint8_t val_;
  Float4_e2m1fn_x2() = default;
  C10_HOST_DEVICE explicit constexpr Float4_e2m1fn_x2(uint8_t val) : val_(val) {}
};

// c10::complex<T>: real and imaginary parts, aligned to their sum.
template <typename T> struct alignas(sizeof(T) * 2) complex {
  T real_;
  T imag_;
  complex() = default;
  C10_HOST_DEVICE constexpr complex(const T &re, const T &im = T())
      : real_(re), imag_(im) {}
  C10_HOST_DEVICE constexpr T real() const { return real_; }
  C10_HOST_DEVICE constexpr T imag() const { return imag_; }
};

// Quantized and bit-packed element types: raw storage only.
struct alignas(1) qint8 { int8_t val_; };
struct alignas(1) quint8 { uint8_t val_; };
struct alignas(4) qint32 { int32_t val_; };
struct alignas(1) quint4x2 { uint8_t val_; };
struct alignas(1) quint2x4 { uint8_t val_; };
struct alignas(1) bits1x8 { uint8_t val_; };
struct alignas(1) bits2x4 { uint8_t val_; };
struct alignas(1) bits4x2 { uint8_t val_; };
struct alignas(1) bits8 { uint8_t val_; };
struct alignas(2) bits16 { uint16_t val_; };

// ---- c10/core/ScalarType.h: PyTorch's order ----
enum class ScalarType : int8_t {
  Byte,
  Char,
  Short,
  Int,
  Long,
  Half,
  Float,
  Double,
  ComplexHalf,
  ComplexFloat,
  ComplexDouble,
  Bool,
  QInt8,
  QUInt8,
  QInt32,
  BFloat16,
  QUInt4x2,
  QUInt2x4,
  Bits1x8,
  Bits2x4,
  Bits4x2,
  Bits8,
  Bits16,
  Float8_e5m2,
  Float8_e4m3fn,
  Float8_e5m2fnuz,
  Float8_e4m3fnuz,
  UInt16,
  UInt32,
  UInt64,
  UInt1,
  UInt2,
  UInt3,
  UInt4,
  UInt5,
  UInt6,
  UInt7,
  Int1,
  Int2,
  Int3,
  Int4,
  Int5,
  Int6,
  Int7,
  Float8_e8m0fnu,
  Float4_e2m1fn_x2,
  Undefined,
  NumOptions
};

constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kComplexHalf = ScalarType::ComplexHalf;
constexpr ScalarType kComplexFloat = ScalarType::ComplexFloat;
constexpr ScalarType kComplexDouble = ScalarType::ComplexDouble;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kQInt8 = ScalarType::QInt8;
constexpr ScalarType kQUInt8 = ScalarType::QUInt8;
constexpr ScalarType kQInt32 = ScalarType::QInt32;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
constexpr ScalarType kQUInt4x2 = ScalarType::QUInt4x2;
constexpr ScalarType kQUInt2x4 = ScalarType::QUInt2x4;
constexpr ScalarType kBits1x8 = ScalarType::Bits1x8;
constexpr ScalarType kBits2x4 = ScalarType::Bits2x4;
constexpr ScalarType kBits4x2 = ScalarType::Bits4x2;
constexpr ScalarType kBits8 = ScalarType::Bits8;
constexpr ScalarType kBits16 = ScalarType::Bits16;
constexpr ScalarType kFloat8_e5m2 = ScalarType::Float8_e5m2;
constexpr ScalarType kFloat8_e4m3fn = ScalarType::Float8_e4m3fn;
constexpr ScalarType kFloat8_e5m2fnuz = ScalarType::Float8_e5m2fnuz;
constexpr ScalarType kFloat8_e4m3fnuz = ScalarType::Float8_e4m3fnuz;
constexpr ScalarType kUInt16 = ScalarType::UInt16;
constexpr ScalarType kUInt32 = ScalarType::UInt32;
constexpr ScalarType kUInt64 = ScalarType::UInt64;
constexpr ScalarType kFloat8_e8m0fnu = ScalarType::Float8_e8m0fnu;
constexpr ScalarType kFloat4_e2m1fn_x2 = ScalarType::Float4_e2m1fn_x2;

const char *toString(ScalarType t);
std::ostream &operator<<(std::ostream &os, ScalarType t);
size_t elementSize(ScalarType t);
bool isFloatingType(ScalarType t);
bool isReducedFloatingType(ScalarType t);
bool isFloat8Type(ScalarType t);
bool isComplexType(ScalarType t);
bool isIntegralType(ScalarType t, bool includeBool);
bool isSignedType(ScalarType t);
ScalarType toRealValueType(ScalarType t);
ScalarType promoteTypes(ScalarType a, ScalarType b);

// ---- c10/util/Optional.h, string_view ----
using std::in_place;
using std::make_optional;
using std::nullopt;
using std::nullopt_t;
using std::optional;
using std::string_view;
using std::bad_optional_access;

// ---- c10/util/ArrayRef.h ----

// ArrayRef<T> is a non-owning view of contiguous Ts (sizes, strides).
template <typename T> class ArrayRef {
 public:
  typedef const T *iterator;
  typedef const T *const_iterator;
  typedef size_t size_type;
  typedef T value_type;

  constexpr ArrayRef() : Data(nullptr), Length(0) {}
  constexpr ArrayRef(const T &one) : Data(&one), Length(1) {}
  constexpr ArrayRef(const T *data, size_t length) : Data(data), Length(length) {}
  ArrayRef(const T *begin, const T *end);
  template <typename A> ArrayRef(const std::vector<T, A> &vec);
  template <size_t N> constexpr ArrayRef(const std::array<T, N> &arr);
  template <size_t N> constexpr ArrayRef(const T (&arr)[N]);
  constexpr ArrayRef(const std::initializer_list<T> &vec);

  const T *begin() const;
  const T *end() const;
  const T *cbegin() const;
  const T *cend() const;
  const T *data() const;
  size_t size() const;
  bool empty() const;
  const T &front() const;
  const T &back() const;
  bool equals(ArrayRef RHS) const;
  ArrayRef<T> slice(size_t N, size_t M) const;
  ArrayRef<T> slice(size_t N) const;
  const T &operator[](size_t Index) const;
  const T &at(size_t Index) const;
  std::vector<T> vec() const;
  operator std::vector<T>() const;

 private:
  const T *Data;
  size_t Length;
};
template <typename T> bool operator==(ArrayRef<T> a, ArrayRef<T> b);
template <typename T> bool operator!=(ArrayRef<T> a, ArrayRef<T> b);
using IntArrayRef = ArrayRef<int64_t>;
using DimVector = std::vector<int64_t>;

// ---- c10/util/irange.h ----

// integer_range is what irange returns: [begin, end) stepping by one.
template <typename I> struct integer_range {
  struct iterator {
    I value;
    C10_HOST_DEVICE I operator*() const;
    C10_HOST_DEVICE iterator &operator++();
    C10_HOST_DEVICE bool operator==(const iterator &other) const;
    C10_HOST_DEVICE bool operator!=(const iterator &other) const;
  };
  C10_HOST_DEVICE iterator begin() const;
  C10_HOST_DEVICE iterator end() const;
};
template <typename Integer1, typename Integer2>
C10_HOST_DEVICE integer_range<Integer2> irange(Integer1 begin, Integer2 end);
template <typename Integer>
C10_HOST_DEVICE integer_range<Integer> irange(Integer end);

// ---- devices ----
enum class DeviceType : int8_t {
  CPU = 0,
  CUDA = 1,
  MKLDNN = 2,
  OPENGL = 3,
  OPENCL = 4,
  IDEEP = 5,
  HIP = 6,
  FPGA = 7,
  MAIA = 8,
  XLA = 9,
  Vulkan = 10,
  Metal = 11,
  XPU = 12,
  MPS = 13,
  Meta = 14,
  HPU = 15,
  VE = 16,
  Lazy = 17,
  IPU = 18,
  MTIA = 19,
  PrivateUse1 = 20,
};
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kHIP = DeviceType::HIP;
constexpr DeviceType kXPU = DeviceType::XPU;
constexpr DeviceType kMPS = DeviceType::MPS;
constexpr DeviceType kMeta = DeviceType::Meta;
constexpr DeviceType kPrivateUse1 = DeviceType::PrivateUse1;

using DeviceIndex = int8_t;
using StreamId = int64_t;

// Device is a device type and an index (-1: the current device).
struct Device {
  Device(DeviceType type, DeviceIndex index = -1);
  Device(const std::string &device_string);
  DeviceType type() const noexcept;
  DeviceIndex index() const noexcept;
  bool has_index() const noexcept;
  bool is_cuda() const noexcept;
  bool is_cpu() const noexcept;
  bool is_meta() const noexcept;
  void set_index(DeviceIndex index);
  std::string str() const;
  bool operator==(const Device &other) const noexcept;
  bool operator!=(const Device &other) const noexcept;
};

// DeviceGuard sets the current device for its lifetime.
struct DeviceGuard {
  explicit DeviceGuard(Device device);
  DeviceGuard(const DeviceGuard &) = delete;
  ~DeviceGuard();
  void reset_device(Device device);
  Device original_device() const;
  Device current_device() const;
};

// OptionalDeviceGuard is a DeviceGuard that may hold no device.
struct OptionalDeviceGuard {
  OptionalDeviceGuard();
  explicit OptionalDeviceGuard(Device device);
  explicit OptionalDeviceGuard(optional<Device> device);
  OptionalDeviceGuard(const OptionalDeviceGuard &) = delete;
  ~OptionalDeviceGuard();
  void reset_device(Device device);
};

// Stream is a device-independent stream handle.
class Stream {
 public:
  Device device() const noexcept;
  DeviceIndex device_index() const noexcept;
  DeviceType device_type() const noexcept;
  StreamId id() const noexcept;
};

enum class Layout : int8_t {
  Strided,
  Sparse,
  SparseCsr,
  Mkldnn,
  SparseCsc,
  SparseBsr,
  SparseBsc,
  Jagged,
  NumOptions
};
constexpr Layout kStrided = Layout::Strided;
constexpr Layout kSparse = Layout::Sparse;

enum class MemoryFormat : int8_t {
  Contiguous,
  Preserve,
  ChannelsLast,
  ChannelsLast3d,
  NumOptions
};

// ---- Scalar ----

// Scalar is a dynamically typed number (fill_ values, alpha arguments).
class Scalar {
 public:
  Scalar();
  template <typename T,
            typename std::enable_if<std::is_arithmetic<T>::value, int>::type = 0>
  Scalar(T v);
  Scalar(Half v);
  Scalar(BFloat16 v);
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  bool toBool() const;
  Half toHalf() const;
  BFloat16 toBFloat16() const;
  template <typename T> T to() const;
  ScalarType type() const;
  bool isFloatingPoint() const;
  bool isIntegral(bool includeBool) const;
  bool isBoolean() const;
};

}  // namespace c10

// ---- caffe2::TypeMeta: what Tensor::dtype() returns ----
namespace caffe2 {
class TypeMeta {
 public:
  TypeMeta() noexcept;
  template <typename T> static TypeMeta Make();
  static TypeMeta fromScalarType(c10::ScalarType scalar_type);
  c10::ScalarType toScalarType() const;
  size_t itemsize() const noexcept;
  c10::string_view name() const noexcept;
  bool isScalarType(c10::ScalarType scalar_type) const noexcept;
  friend bool operator==(const TypeMeta &a, const TypeMeta &b) noexcept;
  friend bool operator!=(const TypeMeta &a, const TypeMeta &b) noexcept;
  friend std::ostream &operator<<(std::ostream &os, const TypeMeta &t);
};
}  // namespace caffe2

namespace c10 {
// ---- c10/util/Exception.h ----
// The error classes host code throws (ScalarType's __len__ throws
// c10::TypeError for PyTorch's opcheck).
struct SourceLocation {
  const char *function;
  const char *file;
  uint32_t line;
};
class Error : public std::exception {
 public:
  Error(SourceLocation source_location, std::string msg);
  Error(std::string msg, std::string backtrace, const void *caller = nullptr);
  const char *what() const noexcept override;
  const std::string &msg() const;
};
#define C10_SHIM_ERROR_CLASS(name) \
  class name : public Error {      \
   public:                         \
    using Error::Error;            \
  };
C10_SHIM_ERROR_CLASS(IndexError)
C10_SHIM_ERROR_CLASS(ValueError)
C10_SHIM_ERROR_CLASS(TypeError)
C10_SHIM_ERROR_CLASS(NotImplementedError)
C10_SHIM_ERROR_CLASS(EnforceFiniteError)
C10_SHIM_ERROR_CLASS(OutOfMemoryError)
C10_SHIM_ERROR_CLASS(LinAlgError)
C10_SHIM_ERROR_CLASS(DistError)
#undef C10_SHIM_ERROR_CLASS

// ---- ATen/core/ivalue.h ----
// A boxed value (custom-class bindings return them); any value converts.
class IValue {
 public:
  IValue();
  template <typename T> IValue(T v);
  bool isNone() const;
  bool isInt() const;
  bool isDouble() const;
  int64_t toInt() const;
  double toDouble() const;
};

using caffe2::TypeMeta;
bool operator==(const ScalarType t, const caffe2::TypeMeta m);
bool operator!=(const ScalarType t, const caffe2::TypeMeta m);
bool operator==(const caffe2::TypeMeta m, const ScalarType t);
bool operator!=(const caffe2::TypeMeta m, const ScalarType t);
ScalarType typeMetaToScalarType(caffe2::TypeMeta dtype);
caffe2::TypeMeta scalarTypeToTypeMeta(ScalarType scalar_type);

// ---- c10/core/TensorOptions.h ----

// TensorOptions is the dtype/device/layout bundle of factory functions; it
// converts implicitly from each of its parts, as in PyTorch.
struct TensorOptions {
  TensorOptions();
  TensorOptions(Layout layout);
  TensorOptions(Device device);
  TensorOptions(DeviceType device_type);
  TensorOptions(ScalarType dtype);
  TensorOptions(caffe2::TypeMeta dtype);
  TensorOptions(MemoryFormat memory_format);

  TensorOptions dtype(ScalarType dtype) const;
  TensorOptions dtype(caffe2::TypeMeta dtype) const;
  TensorOptions dtype(optional<ScalarType> dtype) const;
  template <typename T> TensorOptions dtype() const;
  TensorOptions device(Device device) const;
  TensorOptions device(DeviceType type, DeviceIndex index = -1) const;
  TensorOptions device(const std::string &device_string) const;
  TensorOptions device(optional<Device> device) const;
  TensorOptions device_index(DeviceIndex device_index) const;
  TensorOptions layout(Layout layout) const;
  TensorOptions requires_grad(bool requires_grad) const;
  TensorOptions pinned_memory(bool pinned_memory) const;
  TensorOptions memory_format(MemoryFormat memory_format) const;

  caffe2::TypeMeta dtype() const noexcept;
  Device device() const noexcept;
  DeviceIndex device_index() const noexcept;
  Layout layout() const noexcept;
  bool requires_grad() const noexcept;
  bool pinned_memory() const noexcept;
  bool has_device() const noexcept;
  bool has_dtype() const noexcept;
};
TensorOptions dtype(ScalarType dtype);
TensorOptions dtype(caffe2::TypeMeta dtype);
template <typename T> TensorOptions dtype();
TensorOptions device(Device device);
TensorOptions device(DeviceType type, DeviceIndex index = -1);
TensorOptions device_index(DeviceIndex device_index);
TensorOptions layout(Layout layout);
TensorOptions requires_grad(bool requires_grad = true);
TensorOptions memory_format(MemoryFormat memory_format);

namespace impl {
template <ScalarType N> struct ScalarTypeToCPPType;
}  // namespace impl
template <typename T> struct CppTypeToScalarType;

// ---- intrusive_ptr (torch/custom_class.h's holder) ----
class intrusive_ptr_target {
 public:
  virtual ~intrusive_ptr_target();
};
template <typename T> class intrusive_ptr {
 public:
  intrusive_ptr();
  intrusive_ptr(std::nullptr_t);
  template <typename U> intrusive_ptr(const intrusive_ptr<U> &other);
  T *get() const noexcept;
  T *operator->() const noexcept;
  T &operator*() const noexcept;
  explicit operator bool() const noexcept;
  void reset() noexcept;
};
template <typename T, typename... Args>
intrusive_ptr<T> make_intrusive(Args &&...args);
std::ostream &operator<<(std::ostream &os, const Device &d);
}  // namespace c10

// ---- std::numeric_limits for the c10 scalar types (constexpr, as in c10) ----
namespace std {
#define __CUDAVET_C10_LIMITS(T, MIN, LOWEST, MAX, EPS, INF, QNAN, DENORM,      \
                             HAS_INF, DIGITS)                                  \
  template <> class numeric_limits<c10::T> {                                   \
   public:                                                                     \
    static constexpr bool is_specialized = true;                               \
    static constexpr bool is_signed = true;                                    \
    static constexpr bool is_integer = false;                                  \
    static constexpr bool is_exact = false;                                    \
    static constexpr bool has_infinity = HAS_INF;                              \
    static constexpr bool has_quiet_NaN = true;                                \
    static constexpr bool has_signaling_NaN = false;                           \
    static constexpr bool is_iec559 = false;                                   \
    static constexpr bool is_bounded = true;                                   \
    static constexpr bool is_modulo = false;                                   \
    static constexpr int digits = DIGITS;                                      \
    static constexpr int radix = 2;                                            \
    C10_HOST_DEVICE static constexpr c10::T min() {                            \
      return c10::T(MIN, c10::T::from_bits());                                 \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T lowest() {                         \
      return c10::T(LOWEST, c10::T::from_bits());                              \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T max() {                            \
      return c10::T(MAX, c10::T::from_bits());                                 \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T epsilon() {                        \
      return c10::T(EPS, c10::T::from_bits());                                 \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T infinity() {                       \
      return c10::T(INF, c10::T::from_bits());                                 \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T quiet_NaN() {                      \
      return c10::T(QNAN, c10::T::from_bits());                                \
    }                                                                          \
    C10_HOST_DEVICE static constexpr c10::T denorm_min() {                     \
      return c10::T(DENORM, c10::T::from_bits());                              \
    }                                                                          \
  };
__CUDAVET_C10_LIMITS(Half, 0x0400, 0xFBFF, 0x7BFF, 0x1400, 0x7C00, 0x7E00,
                     0x0001, true, 11)
__CUDAVET_C10_LIMITS(BFloat16, 0x0080, 0xFF7F, 0x7F7F, 0x3C00, 0x7F80, 0x7FC0,
                     0x0001, true, 8)
__CUDAVET_C10_LIMITS(Float8_e4m3fn, 0x08, 0xFE, 0x7E, 0x20, 0x7F, 0x7F, 0x01,
                     false, 4)
__CUDAVET_C10_LIMITS(Float8_e5m2, 0x04, 0xFB, 0x7B, 0x34, 0x7C, 0x7F, 0x01,
                     true, 3)
__CUDAVET_C10_LIMITS(Float8_e4m3fnuz, 0x08, 0xFF, 0x7F, 0x28, 0x80, 0x80,
                     0x01, false, 4)
__CUDAVET_C10_LIMITS(Float8_e5m2fnuz, 0x04, 0xFF, 0x7F, 0x34, 0x80, 0x80,
                     0x01, false, 3)
#undef __CUDAVET_C10_LIMITS
}  // namespace std

#endif  // __CUDAVET_C10_H__
