#pragma once

#include "detail/array.hpp"

namespace sycl {

template <int Dims = 1> class range : public detail::array<Dims, range> {
public:
  static constexpr int dimensions = Dims;

  /// Every dimension 0 (later revisions of SYCL 2020 add it; code uses it).
  constexpr range() = default;
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  constexpr range(size_t D0) { this->Values[0] = D0; }
  template <int D = Dims, typename = std::enable_if_t<D == 2>>
  constexpr range(size_t D0, size_t D1) { this->Values[0] = D0, this->Values[1] = D1; }
  template <int D = Dims, typename = std::enable_if_t<D == 3>>
  constexpr range(size_t D0, size_t D1, size_t D2) {
    this->Values[0] = D0, this->Values[1] = D1, this->Values[2] = D2;
  }

  constexpr size_t size() const {
    size_t S = 1;
    for (int D = 0; D < Dims; ++D)
      S *= this->Values[D];
    return S;
  }
};

range(size_t) -> range<1>;
range(size_t, size_t) -> range<2>;
range(size_t, size_t, size_t) -> range<3>;

} // namespace sycl
