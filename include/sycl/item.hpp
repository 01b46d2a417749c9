// sycl::item (SYCL 2020 4.9.1.4): a work-item's position in a range kernel.
// Kernels receive items built from the index built-ins
// (detail::current_index); item<Dims, false> has no offset and converts to
// item<Dims, true>; one-dimensional items convert to size_t and every item to
// id<Dims> (id's converting constructor).
#pragma once

#include "id.hpp"

#include <type_traits>

namespace sycl {

template <int Dims = 1, bool WithOffset = true>
class item : public detail::size_t_conversion<Dims, item<Dims, WithOffset>> {
public:
  static constexpr int dimensions = Dims;

  item() = delete;

  id<Dims> get_id() const { return Id; }
  size_t get_id(int D) const { return Id[D]; }
  size_t get(int D) const { return Id[D]; }
  size_t operator[](int D) const { return Id[D]; }
  range<Dims> get_range() const { return Range; }
  size_t get_range(int D) const { return Range[D]; }
  /// Deprecated in SYCL 2020; only items with an offset have one.
  template <bool O = WithOffset, typename = std::enable_if_t<O>>
  id<Dims> get_offset() const { return Offset; }
  size_t get_linear_id() const {
    size_t L = 0;
    for (int D = 0; D < Dims; ++D)
      L = L * Range[D] + (Id[D] - Offset[D]);
    return L;
  }
  /// Only item<Dims, false> converts (to the item with a zero offset).
  /// (item<Dims, !O> is item<Dims, true>, spelled so that item<Dims, true>
  /// declares no conversion to itself.)
  template <bool O = WithOffset, typename = std::enable_if_t<!O>>
  operator item<Dims, !O>() const {
    return item<Dims, true>(Range, Id, Offset);
  }

  friend bool operator==(const item &A, const item &B) {
    return A.Id == B.Id && A.Range == B.Range && A.Offset == B.Offset;
  }
  friend bool operator!=(const item &A, const item &B) { return !(A == B); }

  // Not part of the public API: kernels receive items built by the runtime.
  item(const range<Dims> &R, const id<Dims> &I, const id<Dims> &O)
      : Range(R), Id(I), Offset(O) {}

private:
  range<Dims> Range;
  id<Dims> Id;
  id<Dims> Offset;
};

template <int Dims>
template <bool WithOffset>
constexpr id<Dims>::id(const item<Dims, WithOffset> &It) : id(It.get_id()) {}

} // namespace sycl
