// __cudavet/dispatch.h: ATen's dispatch macros in their real shape, so that
// a launch inside AT_DISPATCH_*/VLLM_DISPATCH_* lambdas survives once per
// dtype: AT_DISPATCH_SWITCH is an immediately invoked lambda around a switch
// over the ScalarType, and each AT_DISPATCH_CASE is
//
//   case enum_type: { using scalar_t = <C++ type of enum_type>; return BODY(); }
//
// with the C++ type from __cudavet::scalar_type_to_cpp (c10's
// ScalarTypeToCPPTypeT). The default case is AT_ERROR, i.e.
// __cudavet_assume(false): an unsupported dtype ends the path.
#ifndef __CUDAVET_DISPATCH_H__
#define __CUDAVET_DISPATCH_H__
#include "aten.h"

namespace __cudavet {

// scalar_type_to_cpp<S>::type is the C++ element type of ScalarType S.
template <c10::ScalarType S> struct scalar_type_to_cpp;
#define __CUDAVET_MAP(S, T)                                                    \
  template <> struct scalar_type_to_cpp<c10::ScalarType::S> {                  \
    using type = T;                                                            \
  };
__CUDAVET_MAP(Byte, uint8_t)
__CUDAVET_MAP(Char, int8_t)
__CUDAVET_MAP(Short, int16_t)
__CUDAVET_MAP(Int, int)
__CUDAVET_MAP(Long, int64_t)
__CUDAVET_MAP(Half, c10::Half)
__CUDAVET_MAP(Float, float)
__CUDAVET_MAP(Double, double)
__CUDAVET_MAP(ComplexHalf, c10::complex<c10::Half>)
__CUDAVET_MAP(ComplexFloat, c10::complex<float>)
__CUDAVET_MAP(ComplexDouble, c10::complex<double>)
__CUDAVET_MAP(Bool, bool)
__CUDAVET_MAP(QInt8, c10::qint8)
__CUDAVET_MAP(QUInt8, c10::quint8)
__CUDAVET_MAP(QInt32, c10::qint32)
__CUDAVET_MAP(BFloat16, c10::BFloat16)
__CUDAVET_MAP(QUInt4x2, c10::quint4x2)
__CUDAVET_MAP(QUInt2x4, c10::quint2x4)
__CUDAVET_MAP(Bits1x8, c10::bits1x8)
__CUDAVET_MAP(Bits2x4, c10::bits2x4)
__CUDAVET_MAP(Bits4x2, c10::bits4x2)
__CUDAVET_MAP(Bits8, c10::bits8)
__CUDAVET_MAP(Bits16, c10::bits16)
__CUDAVET_MAP(Float8_e5m2, c10::Float8_e5m2)
__CUDAVET_MAP(Float8_e4m3fn, c10::Float8_e4m3fn)
__CUDAVET_MAP(Float8_e5m2fnuz, c10::Float8_e5m2fnuz)
__CUDAVET_MAP(Float8_e4m3fnuz, c10::Float8_e4m3fnuz)
__CUDAVET_MAP(UInt16, uint16_t)
__CUDAVET_MAP(UInt32, uint32_t)
__CUDAVET_MAP(UInt64, uint64_t)
__CUDAVET_MAP(Float8_e8m0fnu, c10::Float8_e8m0fnu)
__CUDAVET_MAP(Float4_e2m1fn_x2, c10::Float4_e2m1fn_x2)
#undef __CUDAVET_MAP

// dispatch_scalar_type is ATen's ::detail::scalar_type: the switch operand.
c10::ScalarType dispatch_scalar_type(c10::ScalarType s);
c10::ScalarType dispatch_scalar_type(const at::DeprecatedTypeProperties &t);

}  // namespace __cudavet

// ATen's own spelling of the switch operand, at global scope as in
// ATen/Dispatch.h: dtype switches written by hand call it
// (vLLM's MOE_SWITCH: ::detail::scalar_type(TYPE)).
namespace detail {
c10::ScalarType scalar_type(c10::ScalarType s);
c10::ScalarType scalar_type(const at::DeprecatedTypeProperties &t);
}  // namespace detail

namespace c10 {
namespace impl {
template <ScalarType N>
using ScalarTypeToCPPTypeT = typename ::__cudavet::scalar_type_to_cpp<N>::type;
template <ScalarType N> struct ScalarTypeToCPPType {
  using type = ScalarTypeToCPPTypeT<N>;
};
}  // namespace impl

// CppTypeToScalarType<T>::value is the ScalarType of element type T.
#define __CUDAVET_CPP2ST(T, S)                                                 \
  template <> struct CppTypeToScalarType<T> {                                  \
    static constexpr ScalarType value = ScalarType::S;                         \
  };
__CUDAVET_CPP2ST(uint8_t, Byte)
__CUDAVET_CPP2ST(int8_t, Char)
__CUDAVET_CPP2ST(int16_t, Short)
__CUDAVET_CPP2ST(int, Int)
__CUDAVET_CPP2ST(int64_t, Long)
__CUDAVET_CPP2ST(Half, Half)
__CUDAVET_CPP2ST(float, Float)
__CUDAVET_CPP2ST(double, Double)
__CUDAVET_CPP2ST(complex<Half>, ComplexHalf)
__CUDAVET_CPP2ST(complex<float>, ComplexFloat)
__CUDAVET_CPP2ST(complex<double>, ComplexDouble)
__CUDAVET_CPP2ST(bool, Bool)
__CUDAVET_CPP2ST(BFloat16, BFloat16)
__CUDAVET_CPP2ST(Float8_e5m2, Float8_e5m2)
__CUDAVET_CPP2ST(Float8_e4m3fn, Float8_e4m3fn)
__CUDAVET_CPP2ST(Float8_e5m2fnuz, Float8_e5m2fnuz)
__CUDAVET_CPP2ST(Float8_e4m3fnuz, Float8_e4m3fnuz)
__CUDAVET_CPP2ST(uint16_t, UInt16)
__CUDAVET_CPP2ST(uint32_t, UInt32)
__CUDAVET_CPP2ST(uint64_t, UInt64)
__CUDAVET_CPP2ST(Float8_e8m0fnu, Float8_e8m0fnu)
#undef __CUDAVET_CPP2ST
}  // namespace c10

// ---- the primitives ----
#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                  \
  case enum_type: {                                                            \
    using HINT __attribute__((__unused__)) =                                   \
        typename ::__cudavet::scalar_type_to_cpp<enum_type>::type;             \
    return __VA_ARGS__();                                                      \
  }

#define AT_DISPATCH_CASE(enum_type, ...)                                       \
  AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, scalar_t, __VA_ARGS__)

#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                    \
  [&] {                                                                        \
    const auto &the_type = TYPE;                                               \
    constexpr const char *at_dispatch_name = NAME;                             \
    ::c10::ScalarType _st = ::__cudavet::dispatch_scalar_type(the_type);       \
    switch (_st) {                                                             \
      __VA_ARGS__                                                              \
      default:                                                                 \
        AT_ERROR('"', at_dispatch_name, "\" not implemented for '",            \
                 ::c10::toString(_st), "'");                                   \
    }                                                                          \
  }()

#define AT_PRIVATE_CHECK_SELECTIVE_BUILD(enum_type)
#define AT_WRAP(...) __VA_ARGS__

// ---- case lists ----
#define AT_DISPATCH_CASE_FLOATING_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Double, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(...)                          \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)
#define AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(...)                           \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND(SCALARTYPE, ...)                   \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, ...)    \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND3(SCALARTYPE1, SCALARTYPE2,         \
                                             SCALARTYPE3, ...)                 \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Byte, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Char, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Int, __VA_ARGS__)                           \
  AT_DISPATCH_CASE(at::ScalarType::Long, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Short, __VA_ARGS__)
#define AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(SCALARTYPE, ...)                   \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES(...)                                        \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND(SCALARTYPE, ...)                        \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, ...)         \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, \
                                        ...)                                   \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)
#define AT_DISPATCH_CASE_COMPLEX_TYPES(...)                                    \
  AT_DISPATCH_CASE(at::ScalarType::ComplexDouble, __VA_ARGS__)                 \
  AT_DISPATCH_CASE(at::ScalarType::ComplexFloat, __VA_ARGS__)
#define AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(...)                       \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(...)                            \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)

// ---- the dispatchers ----
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(__VA_ARGS__))
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                    \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)            \
  AT_DISPATCH_SWITCH(                                                          \
      TYPE, NAME,                                                              \
      AT_DISPATCH_CASE_FLOATING_TYPES_AND(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, NAME,  \
                                        ...)                                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND2(                     \
                         SCALARTYPE1, SCALARTYPE2, __VA_ARGS__))
#define AT_DISPATCH_FLOATING_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, \
                                        TYPE, NAME, ...)                       \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND3(                     \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, __VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_INTEGRAL_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)            \
  AT_DISPATCH_SWITCH(                                                          \
      TYPE, NAME,                                                              \
      AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                 \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, NAME, ...)  \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, \
                                                     __VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3,      \
                                   TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND3(                          \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, __VA_ARGS__))
#define AT_DISPATCH_COMPLEX_TYPES(TYPE, NAME, ...)                             \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...)                \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...)                     \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__))
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...)                               \
  AT_DISPATCH_SWITCH(                                                          \
      TYPE, NAME,                                                              \
      AT_PRIVATE_CASE_TYPE_USING_HINT(at::ScalarType::Int, index_t,            \
                                      __VA_ARGS__)                             \
          AT_PRIVATE_CASE_TYPE_USING_HINT(at::ScalarType::Long, index_t,       \
                                          __VA_ARGS__))

#endif  // __CUDAVET_DISPATCH_H__
