// A quantization-type descriptor exposed to Python as a torch custom
// class, as kernel libraries bind their scalar types: properties with
// getters, values boxed as c10::IValue, and c10::TypeError thrown from a
// method PyTorch's opcheck calls.
#include <torch/all.h>
#include <torch/custom_class.h>
#include <variant>

namespace cudavet_test {

class PackedType : public torch::CustomClassHolder {
 public:
  PackedType(int64_t bits, bool is_signed) : bits_(bits), signed_(is_signed) {}
  int64_t size_bits() const { return bits_; }
  bool is_signed() const { return signed_; }
  std::variant<int64_t, double> max() const {
    if (signed_) return (int64_t{1} << (bits_ - 1)) - 1;
    return static_cast<double>((int64_t{1} << bits_) - 1);
  }
  int64_t len() const {
    throw c10::TypeError({__func__, __FILE__, static_cast<uint32_t>(__LINE__)},
                         "__len__ not implemented");
    return 0;
  }

 private:
  int64_t bits_;
  bool signed_;
};

using PackedTypePtr = c10::intrusive_ptr<PackedType>;

void bind(torch::Library& m) {
  auto cls = m.class_<PackedType>("PackedType");
  cls.def_property("size_bits", [](PackedTypePtr const& self) { return self->size_bits(); });
  cls.def_property("signed", [](PackedTypePtr const& self) { return self->is_signed(); });
  cls.def("max", [](PackedTypePtr const& self) {
    return std::visit([](auto v) { return c10::IValue(v); }, self->max());
  });
  cls.def("__len__", [](PackedTypePtr const& self) { return self->len(); });
}

__global__ void unpack_kernel(const uint32_t* packed, float* out, int n, int bits) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int per_word = 32 / bits;
  if (i < n) out[i] = static_cast<float>((packed[i / per_word] >> ((i % per_word) * bits)) & ((1u << bits) - 1));
}

}  // namespace cudavet_test
