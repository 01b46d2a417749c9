#pragma once

#include "range.hpp"

namespace sycl {

template <int Dims, bool WithOffset> class item;

template <int Dims = 1> class id : public detail::array<Dims, id>,
                                 public detail::size_t_conversion<Dims, id<Dims>> {
public:
  static constexpr int dimensions = Dims;

  constexpr id() = default;
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  constexpr id(size_t D0) { this->Values[0] = D0; }
  template <int D = Dims, typename = std::enable_if_t<D == 2>>
  constexpr id(size_t D0, size_t D1) { this->Values[0] = D0, this->Values[1] = D1; }
  template <int D = Dims, typename = std::enable_if_t<D == 3>>
  constexpr id(size_t D0, size_t D1, size_t D2) {
    this->Values[0] = D0, this->Values[1] = D1, this->Values[2] = D2;
  }
  constexpr id(const range<Dims> &R) {
    for (int D = 0; D < Dims; ++D)
      this->Values[D] = R[D];
  }
  template <bool WithOffset> constexpr id(const item<Dims, WithOffset> &It);

};

id(size_t) -> id<1>;
id(size_t, size_t) -> id<2>;
id(size_t, size_t, size_t) -> id<3>;

} // namespace sycl
