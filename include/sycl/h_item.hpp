// sycl::h_item (SYCL 2020 4.9.1.6): a work-item of a hierarchical kernel's
// parallel_for_work_item, with its logical position (in the range given to
// parallel_for_work_item) and its physical one (in the work-group launched).
// Its global position counts logical work-items: group id * logical local
// range + logical local id, in a global range of group range * logical local
// range.
#pragma once

#include "item.hpp"

namespace sycl {

template <int Dims> class group;

template <int Dims = 1> class h_item {
public:
  static constexpr int dimensions = Dims;

  h_item() = delete;

  item<Dims, false> get_global() const { return Global; }
  item<Dims, false> get_local() const { return get_logical_local(); }
  item<Dims, false> get_logical_local() const { return Logical; }
  item<Dims, false> get_physical_local() const { return Physical; }

  range<Dims> get_global_range() const { return Global.get_range(); }
  size_t get_global_range(int D) const { return Global.get_range(D); }
  id<Dims> get_global_id() const { return Global.get_id(); }
  size_t get_global_id(int D) const { return Global.get_id(D); }
  range<Dims> get_local_range() const { return Logical.get_range(); }
  size_t get_local_range(int D) const { return Logical.get_range(D); }
  id<Dims> get_local_id() const { return Logical.get_id(); }
  size_t get_local_id(int D) const { return Logical.get_id(D); }
  range<Dims> get_logical_local_range() const { return Logical.get_range(); }
  size_t get_logical_local_range(int D) const { return Logical.get_range(D); }
  id<Dims> get_logical_local_id() const { return Logical.get_id(); }
  size_t get_logical_local_id(int D) const { return Logical.get_id(D); }
  range<Dims> get_physical_local_range() const { return Physical.get_range(); }
  size_t get_physical_local_range(int D) const { return Physical.get_range(D); }
  id<Dims> get_physical_local_id() const { return Physical.get_id(); }
  size_t get_physical_local_id(int D) const { return Physical.get_id(D); }

  friend bool operator==(const h_item &A, const h_item &B) {
    return A.Global == B.Global && A.Logical == B.Logical && A.Physical == B.Physical;
  }
  friend bool operator!=(const h_item &A, const h_item &B) { return !(A == B); }

private:
  template <int> friend class group;
  h_item(const item<Dims, false> &G, const item<Dims, false> &L, const item<Dims, false> &P)
      : Global(G), Logical(L), Physical(P) {}

  item<Dims, false> Global;
  item<Dims, false> Logical;
  item<Dims, false> Physical;
};

} // namespace sycl
