#pragma once

#include "id.hpp"

namespace sycl {

template <int Dims = 1> class nd_range {
public:
  static constexpr int dimensions = Dims;

  nd_range(range<Dims> Global, range<Dims> Local, id<Dims> Offset = id<Dims>())
      : Global(Global), Local(Local), Offset(Offset) {}

  range<Dims> get_global_range() const { return Global; }
  range<Dims> get_local_range() const { return Local; }
  range<Dims> get_group_range() const { return Global / Local; }
  id<Dims> get_offset() const { return Offset; }

  friend bool operator==(const nd_range &A, const nd_range &B) {
    return A.Global == B.Global && A.Local == B.Local && A.Offset == B.Offset;
  }
  friend bool operator!=(const nd_range &A, const nd_range &B) { return !(A == B); }

private:
  range<Dims> Global;
  range<Dims> Local;
  id<Dims> Offset;
};

} // namespace sycl
