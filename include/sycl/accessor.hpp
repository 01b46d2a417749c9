// Accessors (SYCL 2020 4.7.6): accessor (device and host_task targets),
// host_accessor and local_accessor, and the handler's memory commands on
// accessors.
//
// A device accessor is a special kernel object (kernel_desc.hpp): its first
// word is the data pointer on the device and its runtime record on the host;
// the geometry after it (ranges, offset) is copied to the device verbatim.
#pragma once

#include "access.hpp"
#include "buffer.hpp"
#include "detail/accessor_owner.hpp"
#include "detail/common.hpp"
#include "detail/kernel_desc.hpp"
#include "detail/memory_base.hpp"
#include "handler.hpp"
#include "id.hpp"
#include "item.hpp"
#include "multi_ptr.hpp"
#include "range.hpp"

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

namespace sycl {
namespace detail {

/// An accessor's geometry: the accessed range and offset inside the memory
/// range (the (sub-)buffer's), in SYCL dimension order. 0-dimensional
/// accessors use one element.
template <int Dims> struct accessor_geometry {
  static constexpr int dims = Dims;
  static constexpr int N = Dims == 0 ? 1 : Dims;
  size_t Range[N] = {};
  size_t MemRange[N] = {};
  size_t Offset[N] = {};
  void *HostPtr = nullptr;  // host view (host_task targets); unused on the device
  size_t Flags = 0;         // placeholder_flag | no_init_flag
  static constexpr size_t placeholder_flag = 1, no_init_flag = 2;

  /// Linear position in memory of the element at Idx (relative to Offset).
  size_t index(const size_t *Idx) const {
    size_t L = 0;
    for (int D = 0; D < N; ++D)
      L = L * MemRange[D] + Offset[D] + Idx[D];
    return L;
  }
  template <int D> size_t index(const id<D> &I) const {
    size_t Idx[N];
    for (int K = 0; K < N; ++K)
      Idx[K] = I[K];
    return index(Idx);
  }
  /// Memory position of the Pos-th element of the range in row-major order.
  size_t index_of_linear(size_t Pos) const {
    size_t Idx[N];
    for (int D = N - 1; D >= 0; --D) {
      Idx[D] = Range[D] ? Pos % Range[D] : 0;
      Pos = Range[D] ? Pos / Range[D] : 0;
    }
    return index(Idx);
  }
  size_t size() const {
    size_t S = 1;
    for (int D = 0; D < N; ++D)
      S *= Range[D];
    return S;
  }
  void set(const size_t *R, const size_t *M, const size_t *O) {
    for (int D = 0; D < N; ++D) {
      Range[D] = R[D];
      MemRange[D] = M[D];
      Offset[D] = O[D];
    }
  }
};

/// acc[i][j][k]: the partial index of a multi-dimensional subscript.
template <typename T, int Dims, int Level> class accessor_subscript {
public:
  accessor_subscript(T *Data, const accessor_geometry<Dims> &Geo, const size_t *Prefix, size_t I)
      : Data(Data), Geo(Geo) {
    for (int K = 0; K < Level - 1; ++K)
      Idx[K] = Prefix[K];
    Idx[Level - 1] = I;
  }
  decltype(auto) operator[](size_t I) const {
    if constexpr (Level + 1 == Dims) {
      size_t Full[Dims];
      for (int K = 0; K < Level; ++K)
        Full[K] = Idx[K];
      Full[Level] = I;
      return static_cast<T &>(Data[Geo.index(Full)]);
    } else {
      return accessor_subscript<T, Dims, Level + 1>(Data, Geo, Idx, I);
    }
  }

private:
  T *Data;
  const accessor_geometry<Dims> &Geo;
  size_t Idx[Dims];
};

/// Iterates over an accessor's range in row-major order.
template <typename T, int Dims> class accessor_iterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T *;
  using reference = T &;

  accessor_iterator() = default;
  accessor_iterator(T *Data, const accessor_geometry<Dims> *Geo, size_t Pos)
      : Data(Data), Geo(Geo), Pos(Pos) {}
  reference operator*() const { return Data[Geo->index_of_linear(Pos)]; }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type N) const { return *(*this + N); }
  accessor_iterator &operator++() { return ++Pos, *this; }
  accessor_iterator operator++(int) { auto C = *this; ++Pos; return C; }
  accessor_iterator &operator--() { return --Pos, *this; }
  accessor_iterator operator--(int) { auto C = *this; --Pos; return C; }
  accessor_iterator &operator+=(difference_type N) { return Pos += N, *this; }
  accessor_iterator &operator-=(difference_type N) { return Pos -= N, *this; }
  friend accessor_iterator operator+(accessor_iterator I, difference_type N) { return I += N; }
  friend accessor_iterator operator+(difference_type N, accessor_iterator I) { return I += N; }
  friend accessor_iterator operator-(accessor_iterator I, difference_type N) { return I -= N; }
  friend difference_type operator-(const accessor_iterator &A, const accessor_iterator &B) {
    return difference_type(A.Pos) - difference_type(B.Pos);
  }
  friend bool operator==(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos == B.Pos; }
  friend bool operator!=(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos != B.Pos; }
  friend bool operator<(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos < B.Pos; }
  friend bool operator>(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos > B.Pos; }
  friend bool operator<=(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos <= B.Pos; }
  friend bool operator>=(const accessor_iterator &A, const accessor_iterator &B) { return A.Pos >= B.Pos; }

private:
  T *Data = nullptr;
  const accessor_geometry<Dims> *Geo = nullptr;
  size_t Pos = 0;
};

template <int Dims> constexpr int buffer_dims = Dims == 0 ? 1 : Dims;

template <int Dims> range<Dims> make_range(const size_t *R) {
  if constexpr (Dims == 1)
    return range<1>(R[0]);
  else if constexpr (Dims == 2)
    return range<2>(R[0], R[1]);
  else
    return range<3>(R[0], R[1], R[2]);
}

/// The request an accessor of buffer B makes (SYCL dimension order).
template <typename T, int BufferDims, typename AllocatorT>
access_request make_request(const buffer<T, BufferDims, AllocatorT> &B, access_mode Mode,
                            target Where, int Dims, const size_t *Range, const size_t *Offset,
                            bool NoInit, bool Placeholder, size_t ElementSize) {
  access_request R;
  R.mode = Mode;
  R.where = Where;
  R.no_init = NoInit || Mode == access_mode::discard_write ||
              Mode == access_mode::discard_read_write;
  R.placeholder = Placeholder;
  R.element_size = ElementSize;
  R.dims = Dims;
  auto BR = B.get_range();
  for (int D = 0; D < BufferDims; ++D) {
    R.memory_range[D] = BR[D];
    // A 0-dimensional accessor sees one element, none of an empty buffer.
    R.range[D] = Range ? Range[D] : (Dims == 0 ? (BR[D] ? 1 : 0) : BR[D]);
    R.offset[D] = Offset ? Offset[D] : 0;
  }
  return R;
}

/// Whether accessor<From, Dims, FromMode, ..., FromP> converts implicitly to
/// accessor<To, Dims, ToMode, ..., ToP> (the same target and dimensions):
/// the same element type up to const, and read_write or read to read,
/// read_write to write, or only the placeholder argument differing.
template <typename From, access_mode FromMode, access::placeholder FromP, typename To,
          access_mode ToMode, access::placeholder ToP>
inline constexpr bool accessor_converts_v =
    std::is_same_v<std::remove_const_t<From>, std::remove_const_t<To>> &&
    !(std::is_same_v<From, To> && FromMode == ToMode && FromP == ToP) &&
    ((ToMode == access_mode::read &&
      (FromMode == access_mode::read || FromMode == access_mode::read_write)) ||
     (ToMode == access_mode::write && FromMode == access_mode::read_write &&
      !std::is_const_v<To>) ||
     (FromMode == ToMode && std::is_same_v<From, To>));

/// Sizes, element access and iteration shared by accessor and host_accessor.
/// Derived (a friend) provides data() and MGeo; an empty base, so neither
/// class's layout changes.
template <typename Derived, typename DataT, typename ValueT, int Dims, bool ReadOnly>
class element_access {
public:
  using reference = ValueT &;
  using iterator = accessor_iterator<ValueT, Dims>;
  using const_iterator = accessor_iterator<const DataT, Dims>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  /// The only accessor property of SYCL 2020 is no_init (discard modes
  /// imply it).
  template <typename Prop> bool has_property() const noexcept {
    if constexpr (std::is_same_v<Prop, property::no_init>)
      return (geo().Flags & geo().no_init_flag) != 0;
    else
      return false;
  }
  template <typename Prop> Prop get_property() const {
    if (!has_property<Prop>())
      detail::throw_missing_property();
    return Prop{};
  }

  size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  size_t size() const noexcept { return geo().size(); }
  [[deprecated("use byte_size()")]] size_t get_size() const noexcept { return byte_size(); }
  [[deprecated("use size()")]] size_t get_count() const noexcept { return size(); }
  size_t max_size() const noexcept { return size_t(-1) / sizeof(DataT); }
  bool empty() const noexcept { return size() == 0; }
  template <int D = Dims, typename = std::enable_if_t<(D > 0)>> range<Dims> get_range() const {
    return make_range<Dims>(geo().Range);
  }
  template <int D = Dims, typename = std::enable_if_t<(D > 0)>> id<Dims> get_offset() const {
    id<Dims> I;
    for (int K = 0; K < Dims; ++K)
      I[K] = geo().Offset[K];
    return I;
  }

  template <int D = Dims, typename = std::enable_if_t<(D > 0)>>
  reference operator[](id<Dims> I) const {
    return data()[geo().index(I)];
  }
  template <int D = Dims, typename = std::enable_if_t<D == 1>>
  reference operator[](size_t I) const {
    return data()[geo().Offset[0] + I];
  }
  template <int D = Dims, typename = std::enable_if_t<(D > 1)>> auto operator[](size_t I) const {
    return accessor_subscript<ValueT, Dims, 1>(data(), geo(), nullptr, I);
  }
  template <int D = Dims, typename = std::enable_if_t<D == 0>> operator reference() const {
    return data()[geo().Offset[0]];
  }
  template <int D = Dims, typename = std::enable_if_t<D == 0 && !ReadOnly>>
  const Derived &operator=(const ValueT &V) const {
    data()[geo().Offset[0]] = V;
    return self();
  }

  /// The start of the (sub-)buffer: a ranged accessor's offset is not applied.
  ValueT *get_pointer() const noexcept { return data(); }

  iterator begin() const { return iterator(data(), &geo(), 0); }
  iterator end() const { return iterator(data(), &geo(), size()); }
  const_iterator cbegin() const { return const_iterator(data(), &geo(), 0); }
  const_iterator cend() const { return const_iterator(data(), &geo(), size()); }
  reverse_iterator rbegin() const { return reverse_iterator(end()); }
  reverse_iterator rend() const { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const { return const_reverse_iterator(cbegin()); }

private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
  ValueT *data() const { return self().data(); }
  const accessor_geometry<Dims> &geo() const { return self().MGeo; }
};

template <typename T> struct is_accessor : std::false_type {};

} // namespace detail

template <typename DataT, int Dimensions = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
          target AccessTarget = target::device,
          access::placeholder IsPlaceholder = access::placeholder::false_t>
class
#ifdef __SYCL_DEVICE_ONLY__
    __attribute__((sycl_special_class))
#endif
    SMCP_KERNEL_PARAM(smcp::abi::accessor_info(int(AccessTarget), Dimensions))
    accessor : public detail::element_access<
                   accessor<DataT, Dimensions, AccessMode, AccessTarget, IsPlaceholder>, DataT,
                   std::conditional_t<AccessMode == access_mode::read, const DataT, DataT>,
                   Dimensions, AccessMode == access_mode::read> {
  static constexpr bool read_only_mode = AccessMode == access_mode::read;
  using element_base = detail::element_access<accessor, DataT,
                                              std::conditional_t<read_only_mode, const DataT, DataT>,
                                              Dimensions, read_only_mode>;
  friend element_base;
  static constexpr int BD = detail::buffer_dims<Dimensions>;
  static_assert(!std::is_const_v<DataT> || read_only_mode,
                "an accessor of const data must have access_mode::read");

public:
  using value_type = std::conditional_t<read_only_mode, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;
  template <access::decorated D>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, D>;
  using iterator = detail::accessor_iterator<value_type, Dimensions>;
  using const_iterator = detail::accessor_iterator<const DataT, Dimensions>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = size_t;
  template <typename AllocatorT> using buffer_type = buffer<DataT, BD, AllocatorT>;
  using tag_type = detail::mode_tag_t<AccessMode, AccessTarget>;

  /// An empty accessor: no buffer, no requirement.
  accessor() = default;

  // Placeholders (bound later with handler::require).
  template <typename A>
  accessor(buffer_type<A> &B, const property_list &P = {}) { init(B, nullptr, nullptr, nullptr, P); }
  template <typename A>
  accessor(buffer_type<A> &B, tag_type, const property_list &P = {}) {
    init(B, nullptr, nullptr, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, range<Dimensions> R, const property_list &P = {}) {
    init(B, nullptr, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, range<Dimensions> R, tag_type, const property_list &P = {}) {
    init(B, nullptr, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, range<Dimensions> R, id<Dimensions> O, const property_list &P = {}) {
    init(B, nullptr, &R, &O, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, range<Dimensions> R, id<Dimensions> O, tag_type,
           const property_list &P = {}) {
    init(B, nullptr, &R, &O, P);
  }

  // Command-group accessors.
  template <typename A>
  accessor(buffer_type<A> &B, handler &H, const property_list &P = {}) {
    init(B, &H, nullptr, nullptr, P);
  }
  template <typename A>
  accessor(buffer_type<A> &B, handler &H, tag_type, const property_list &P = {}) {
    init(B, &H, nullptr, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, handler &H, range<Dimensions> R, const property_list &P = {}) {
    init(B, &H, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, handler &H, range<Dimensions> R, tag_type,
           const property_list &P = {}) {
    init(B, &H, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, handler &H, range<Dimensions> R, id<Dimensions> O,
           const property_list &P = {}) {
    init(B, &H, &R, &O, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  accessor(buffer_type<A> &B, handler &H, range<Dimensions> R, id<Dimensions> O, tag_type,
           const property_list &P = {}) {
    init(B, &H, &R, &O, P);
  }

  /// The implicit conversions of SYCL 2020 4.7.6.9.2 (any placeholder
  /// argument on either side): read_write to read (const or not), read
  /// between const and non-const data, read_write to write.
  template <typename U, access_mode M, access::placeholder P,
            typename = std::enable_if_t<detail::accessor_converts_v<U, M, P, DataT, AccessMode,
                                                                    IsPlaceholder>>>
  accessor(const accessor<U, Dimensions, M, AccessTarget, P> &Other)
      : MData(Other.MData), MGeo(Other.MGeo) {
#ifndef __SYCL_DEVICE_ONLY__
    MOwner = Other.MOwner;
#endif
  }

#ifdef __SYCL_DEVICE_ONLY__
  // The compiler stores the device pointer into the first word directly.
  void __init(std::remove_const_t<DataT> *P) { MData = P; }
#endif

  bool is_placeholder() const { return (MGeo.Flags & MGeo.placeholder_flag) != 0; }

  using element_base::operator[];
  using element_base::operator=;
  template <int D = Dimensions, bool O, typename = std::enable_if_t<(D > 0)>>
  reference operator[](item<Dimensions, O> I) const {
    return (*this)[I.get_id()];
  }
  /// On the host, a target::device accessor's pointers are null (it has no
  /// host memory; its elements throw, see data()).
  template <access::decorated D = access::decorated::legacy>
  accessor_ptr<D> get_multi_ptr() const noexcept {
    return accessor_ptr<D>(view());
  }
  /// SYCL 2020: a global_ptr on the device (deprecated there for
  /// get_multi_ptr; it still converts to a raw pointer), the raw pointer in
  /// host tasks.
  auto get_pointer() const noexcept {
    if constexpr (AccessTarget == target::host_task)
      return view();
    else
      return global_ptr<value_type>(view());
  }

  friend bool operator==(const accessor &A, const accessor &B) { return A.MData == B.MData; }
  friend bool operator!=(const accessor &A, const accessor &B) { return !(A == B); }

  /// Container requirement (ACC-10): exchanges the two handles; neither
  /// requirement changes (each stays on the command group that made it).
  void swap(accessor &Other) noexcept {
    std::swap(MData, Other.MData);
#ifdef __SYCL_DEVICE_ONLY__
    std::swap(MPad, Other.MPad);
#else
    MOwner.swap(Other.MOwner);
#endif
    std::swap(MGeo, Other.MGeo);
  }
  friend void swap(accessor &A, accessor &B) noexcept { A.swap(B); }

private:
  friend struct detail::header_access;
  size_t hash_key() const noexcept { return reinterpret_cast<size_t>(MData); }
  /// The accessors this one converts from.
  template <typename, int, access_mode, target, access::placeholder> friend class accessor;

  std::shared_ptr<detail::accessor_impl> record() const {
#ifdef __SYCL_DEVICE_ONLY__
    return nullptr; // device code has no records; host-only callers are never emitted
#else
    return MOwner.shared();
#endif
  }

  value_type *view() const noexcept {
#ifdef __SYCL_DEVICE_ONLY__
    return static_cast<value_type *>(MData);
#else
    return static_cast<value_type *>(MGeo.HostPtr);
#endif
  }
  /// The elements (element_access): on the host only a host_task accessor
  /// has them; a device accessor captured in a host task is an error there,
  /// not a read through a null pointer.
  value_type *data() const {
#ifndef __SYCL_DEVICE_ONLY__
    if constexpr (AccessTarget != target::host_task)
      detail::throw_device_accessor_on_host();
#endif
    return view();
  }

  template <typename BufT>
  void init(BufT &B, handler *H, const range<BD> *R, const id<BD> *O, const property_list &P) {
#ifndef __SYCL_DEVICE_ONLY__
    size_t Range[3], Offset[3];
    for (int D = 0; D < BD; ++D) {
      Range[D] = R ? (*R)[D] : 0;
      Offset[D] = O ? (*O)[D] : 0;
    }
    auto Req = detail::make_request(B, AccessMode, AccessTarget, Dimensions, R ? Range : nullptr,
                                    Offset, P.has_property<property::no_init>(), !H,
                                    sizeof(DataT));
    MOwner = detail::make_accessor(detail::header_access::impl(B), Req);
    MData = MOwner.get();
    MGeo.set(Req.range, Req.memory_range, Req.offset);
    MGeo.Flags = (H ? 0 : MGeo.placeholder_flag) | (Req.no_init ? MGeo.no_init_flag : 0);
    if (AccessTarget == target::host_task)
      MGeo.HostPtr = detail::accessor_host_data(*MOwner);
    if (H)
      detail::header_access::require(*H, MOwner.shared());
#else
    (void)B, (void)H, (void)R, (void)O, (void)P;
#endif
  }

  // First word: the device data, or the host's runtime record (kernel_desc.hpp).
  void *MData = nullptr;
#ifdef __SYCL_DEVICE_ONLY__
  char MPad[16];
#else
  detail::accessor_owner MOwner;
  static_assert(sizeof(detail::accessor_owner) == 16,
                "the device layout pads a 16-byte shared_ptr");
#endif
  detail::accessor_geometry<Dimensions> MGeo;
};

namespace detail {
template <typename T, int D, access_mode M, target Tg, access::placeholder P>
struct is_accessor<accessor<T, D, M, Tg, P>> : std::true_type {};
} // namespace detail

// CTAD (SYCL 2020 4.7.6.9.1).
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, detail::mode_tag_t<M, Tg>, const property_list & = {})
    -> accessor<T, D, M, Tg, access::placeholder::false_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, handler &, detail::mode_tag_t<M, Tg>, const property_list & = {})
    -> accessor<T, D, M, Tg, access::placeholder::false_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, range<D>, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, range<D>, detail::mode_tag_t<M, Tg>, const property_list & = {})
    -> accessor<T, D, M, Tg, access::placeholder::false_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, range<D>, id<D>, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, range<D>, id<D>, detail::mode_tag_t<M, Tg>, const property_list & = {})
    -> accessor<T, D, M, Tg, access::placeholder::false_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &, range<D>, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, handler &, range<D>, detail::mode_tag_t<M, Tg>,
         const property_list & = {}) -> accessor<T, D, M, Tg, access::placeholder::false_t>;
template <typename T, int D, typename A>
accessor(buffer<T, D, A> &, handler &, range<D>, id<D>, const property_list & = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::false_t>;
template <typename T, int D, typename A, access_mode M, target Tg>
accessor(buffer<T, D, A> &, handler &, range<D>, id<D>, detail::mode_tag_t<M, Tg>,
         const property_list & = {}) -> accessor<T, D, M, Tg, access::placeholder::false_t>;

/// host_accessor (SYCL 2020 4.7.6.10): blocks until the data is on the host
/// and holds back later command groups on the buffer while it lives.
template <typename DataT, int Dimensions = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_accessor
    : public detail::element_access<
          host_accessor<DataT, Dimensions, AccessMode>, DataT,
          std::conditional_t<AccessMode == access_mode::read, const DataT, DataT>, Dimensions,
          AccessMode == access_mode::read> {
  static constexpr bool read_only_mode = AccessMode == access_mode::read;
  using element_base =
      detail::element_access<host_accessor, DataT,
                             std::conditional_t<read_only_mode, const DataT, DataT>, Dimensions,
                             read_only_mode>;
  friend element_base;
  template <typename, int, access_mode> friend class host_accessor;
  static constexpr int BD = detail::buffer_dims<Dimensions>;

public:
  using value_type = std::conditional_t<read_only_mode, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;
  using iterator = detail::accessor_iterator<value_type, Dimensions>;
  using const_iterator = detail::accessor_iterator<const DataT, Dimensions>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = size_t;
  template <typename AllocatorT> using buffer_type = buffer<DataT, BD, AllocatorT>;
  using tag_type = detail::mode_tag_t<AccessMode, target::device>;

  host_accessor() = default;
  template <typename A>
  host_accessor(buffer_type<A> &B, const property_list &P = {}) { init(B, nullptr, nullptr, P); }
  template <typename A>
  host_accessor(buffer_type<A> &B, tag_type, const property_list &P = {}) {
    init(B, nullptr, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  host_accessor(buffer_type<A> &B, range<Dimensions> R, const property_list &P = {}) {
    init(B, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  host_accessor(buffer_type<A> &B, range<Dimensions> R, tag_type, const property_list &P = {}) {
    init(B, &R, nullptr, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  host_accessor(buffer_type<A> &B, range<Dimensions> R, id<Dimensions> O,
                const property_list &P = {}) {
    init(B, &R, &O, P);
  }
  template <typename A, int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  host_accessor(buffer_type<A> &B, range<Dimensions> R, id<Dimensions> O, tag_type,
                const property_list &P = {}) {
    init(B, &R, &O, P);
  }

  /// The implicit conversions of SYCL 2020 4.7.6.10: read_write to read
  /// (const or not), read between const and non-const data, read_write to
  /// write.
  template <typename U, access_mode M,
            typename = std::enable_if_t<detail::accessor_converts_v<
                U, M, access::placeholder::false_t, DataT, AccessMode,
                access::placeholder::false_t>>>
  host_accessor(const host_accessor<U, Dimensions, M> &Other)
      : MOwner(Other.MOwner), MGeo(Other.MGeo) {}

  using element_base::operator=;

  friend bool operator==(const host_accessor &A, const host_accessor &B) {
    return A.MOwner == B.MOwner;
  }
  friend bool operator!=(const host_accessor &A, const host_accessor &B) { return !(A == B); }

  /// Container requirement (ACC-10): exchanges the two handles (and with
  /// them which buffer each one holds back).
  void swap(host_accessor &Other) noexcept {
    MOwner.swap(Other.MOwner);
    std::swap(MGeo, Other.MGeo);
  }
  friend void swap(host_accessor &A, host_accessor &B) noexcept { A.swap(B); }

private:
  friend struct detail::header_access;
  size_t hash_key() const noexcept { return reinterpret_cast<size_t>(MOwner.get()); }
  value_type *data() const { return static_cast<value_type *>(MGeo.HostPtr); }
  template <typename BufT>
  void init(BufT &B, const range<BD> *R, const id<BD> *O, const property_list &P) {
#ifndef __SYCL_DEVICE_ONLY__
    size_t Range[3], Offset[3];
    for (int D = 0; D < BD; ++D) {
      Range[D] = R ? (*R)[D] : 0;
      Offset[D] = O ? (*O)[D] : 0;
    }
    auto Req = detail::make_request(B, AccessMode, target::host_buffer, Dimensions,
                                    R ? Range : nullptr, Offset,
                                    P.has_property<property::no_init>(), false, sizeof(DataT));
    MOwner = detail::make_host_accessor(detail::header_access::impl(B), Req);
    MGeo.set(Req.range, Req.memory_range, Req.offset);
    MGeo.Flags = Req.no_init ? MGeo.no_init_flag : 0;
    MGeo.HostPtr = detail::accessor_host_data(*MOwner);
#else
    (void)B, (void)R, (void)O, (void)P;
#endif
  }

  detail::accessor_owner MOwner;
  detail::accessor_geometry<Dimensions> MGeo;
};

template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, const property_list & = {})
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, detail::mode_tag_t<M, target::device>, const property_list & = {})
    -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>, const property_list & = {})
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, detail::mode_tag_t<M, target::device>,
              const property_list & = {}) -> host_accessor<T, D, M>;
template <typename T, int D, typename A>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, const property_list & = {})
    -> host_accessor<T, D, access_mode::read_write>;
template <typename T, int D, typename A, access_mode M>
host_accessor(buffer<T, D, A> &, range<D>, id<D>, detail::mode_tag_t<M, target::device>,
              const property_list & = {}) -> host_accessor<T, D, M>;

/// The deprecated host accessor (SYCL 2020 4.7.6.12.2, ACC-16):
/// accessor<..., target::host_buffer> is a host_accessor with the legacy
/// name, whatever its placeholder argument; buffer::get_access<Mode>()
/// returns one.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder P>
class accessor<DataT, Dimensions, AccessMode, target::host_buffer, P>
    : public host_accessor<DataT, Dimensions, AccessMode> {
public:
  using host_accessor<DataT, Dimensions, AccessMode>::host_accessor;
  accessor() = default;
  bool is_placeholder() const noexcept { return false; }
};

/// local_accessor (SYCL 2020 4.7.6.11): work-group local memory of an
/// nd_range kernel, sized at launch.
template <typename DataT, int Dimensions = 1>
class
#ifdef __SYCL_DEVICE_ONLY__
    __attribute__((sycl_special_class))
#endif
    SMCP_KERNEL_PARAM(smcp::abi::accessor_info(smcp::abi::local_target, Dimensions))
    local_accessor {
  static constexpr int N = Dimensions == 0 ? 1 : Dimensions;

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  template <access::decorated D>
  using accessor_ptr = multi_ptr<DataT, access::address_space::local_space, D>;
  using iterator = DataT *;
  using const_iterator = const DataT *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = size_t;

  local_accessor() = default;
  template <int D = Dimensions, typename = std::enable_if_t<D == 0>>
  local_accessor(handler &H, const property_list &P = {}) {
    MRange[0] = 1;
    init(H, 1, P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  local_accessor(range<Dimensions> R, handler &H, const property_list &P = {}) {
    for (int K = 0; K < Dimensions; ++K)
      MRange[K] = R[K];
    init(H, R.size(), P);
  }

#ifdef __SYCL_DEVICE_ONLY__
  void __init(DataT *P) { MData = P; }
#endif

  /// SYCL 2020 defines no property of local accessors.
  template <typename Prop> bool has_property() const noexcept { return false; }
  template <typename Prop> Prop get_property() const {
    detail::throw_missing_property();
  }

  size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  size_t size() const noexcept {
    size_t S = 1;
    for (int K = 0; K < N; ++K)
      S *= MRange[K];
    return S;
  }
  bool empty() const noexcept { return size() == 0; }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  range<Dimensions> get_range() const {
    return detail::make_range<Dimensions>(MRange);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 0)>>
  reference operator[](id<Dimensions> I) const {
    size_t L = 0;
    for (int K = 0; K < Dimensions; ++K)
      L = L * MRange[K] + I[K];
    return data()[L];
  }
  template <int D = Dimensions, typename = std::enable_if_t<D == 1>>
  reference operator[](size_t I) const {
    return data()[I];
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  auto operator[](size_t I) const {
    detail::accessor_geometry<Dimensions> G;
    for (int K = 0; K < Dimensions; ++K)
      G.MemRange[K] = G.Range[K] = MRange[K];
    MGeo = G; // the subscript refers to it
    return detail::accessor_subscript<DataT, Dimensions, 1>(data(), MGeo, nullptr, I);
  }
  template <int D = Dimensions, typename = std::enable_if_t<D == 0>> operator reference() const {
    return data()[0];
  }
  template <int D = Dimensions, typename = std::enable_if_t<D == 0>>
  const local_accessor &operator=(const value_type &V) const {
    data()[0] = V;
    return *this;
  }
  template <access::decorated D = access::decorated::legacy>
  accessor_ptr<D> get_multi_ptr() const noexcept {
    return accessor_ptr<D>(data());
  }
  /// Deprecated in SYCL 2020 for get_multi_ptr; converts to DataT*.
  local_ptr<DataT> get_pointer() const noexcept { return local_ptr<DataT>(data()); }
  size_t max_size() const noexcept { return size_t(-1) / sizeof(DataT); }
  iterator begin() const noexcept { return data(); }
  iterator end() const noexcept { return data() + size(); }
  const_iterator cbegin() const noexcept { return data(); }
  const_iterator cend() const noexcept { return data() + size(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  friend bool operator==(const local_accessor &A, const local_accessor &B) {
    return A.MData == B.MData;
  }
  friend bool operator!=(const local_accessor &A, const local_accessor &B) { return !(A == B); }

  /// Container requirement (ACC-10): exchanges the two handles.
  void swap(local_accessor &Other) noexcept {
    std::swap(MData, Other.MData);
#ifdef __SYCL_DEVICE_ONLY__
    std::swap(MPad, Other.MPad);
#else
    MOwner.swap(Other.MOwner);
#endif
    std::swap(MRange, Other.MRange);
  }
  friend void swap(local_accessor &A, local_accessor &B) noexcept { A.swap(B); }

private:
  friend struct detail::header_access;
  size_t hash_key() const noexcept { return reinterpret_cast<size_t>(MData); }
  std::shared_ptr<detail::accessor_impl> record() const {
#ifdef __SYCL_DEVICE_ONLY__
    return nullptr; // device code has no records; host-only callers are never emitted
#else
    return MOwner.shared();
#endif
  }

  DataT *data() const { return static_cast<DataT *>(MData); }
  void init(handler &H, size_t Count, const property_list &P) {
#ifndef __SYCL_DEVICE_ONLY__
    (void)P;
    MOwner = detail::make_local_accessor(Count * sizeof(DataT));
    MData = MOwner.get();
    detail::header_access::require(H, MOwner.shared());
#else
    (void)H, (void)Count, (void)P;
#endif
  }

  void *MData = nullptr; // device: local memory; host: the runtime record
#ifdef __SYCL_DEVICE_ONLY__
  char MPad[16];
#else
  detail::accessor_owner MOwner;
#endif
  size_t MRange[N] = {};
  mutable detail::accessor_geometry<Dimensions> MGeo; // scratch for nested subscripts
};

template <typename T, int Dims, typename AllocatorT>
template <typename... Ts>
auto buffer<T, Dims, AllocatorT>::get_host_access(Ts... Args) {
  return host_accessor{*this, Args...};
}
template <typename T, int Dims, typename AllocatorT>
template <typename... Ts>
auto buffer<T, Dims, AllocatorT>::get_access(Ts &&...Args) {
  return accessor{*this, std::forward<Ts>(Args)...};
}

// The handler's memory commands on accessors: device commands on the
// accessor's region of its buffer (runtime/core/memory_commands.h), ordered
// by the scheduler like any other access.
namespace detail {

template <typename AccT> std::shared_ptr<accessor_impl> command_record(const AccT &Acc) {
  auto R = header_access::record(Acc);
  if (!R)
    throw exception(errc::invalid, "a memory command was given an empty accessor");
  return R;
}

template <typename T> struct is_shared_ptr_arg : std::false_type {};
template <typename T> struct is_shared_ptr_arg<std::shared_ptr<T>> : std::true_type {};

/// What keeps the host side of a copy alive: the shared_ptr the user gave, if any.
template <typename P> std::shared_ptr<void> host_owner(const P &Ptr) {
  if constexpr (is_shared_ptr_arg<P>::value)
    return Ptr;
  else
    return nullptr;
}

} // namespace detail

template <typename SrcT, typename DestT, typename> void handler::copy(SrcT Src, DestT Dest) {
  constexpr bool SrcAcc = detail::is_accessor<SrcT>::value;
  constexpr bool DestAcc = detail::is_accessor<DestT>::value;
  static_assert(SrcAcc || DestAcc, "handler::copy needs an accessor on at least one side");
  if constexpr (SrcAcc && DestAcc) {
    if (Dest.size() < Src.size())
      throw exception(errc::invalid, "handler::copy: the destination accessor has " +
                                         std::to_string(Dest.size()) +
                                         " elements, fewer than the source's " +
                                         std::to_string(Src.size()));
    record_accessor_copy(detail::command_record(Src), nullptr, detail::command_record(Dest),
                         nullptr, Src.size() * sizeof(typename SrcT::value_type), nullptr);
  } else if constexpr (SrcAcc) { // to host memory: the accessor's elements, densely
    record_accessor_copy(detail::command_record(Src), nullptr, nullptr, &*Dest,
                         Src.size() * sizeof(typename SrcT::value_type),
                         detail::host_owner(Dest));
  } else { // from host memory: as many elements as the accessor has
    record_accessor_copy(nullptr, &*Src, detail::command_record(Dest), nullptr,
                         Dest.size() * sizeof(typename DestT::value_type),
                         detail::host_owner(Src));
  }
}

template <typename AccT, typename T> void handler::fill(AccT Dest, const T &Value) {
  static_assert(detail::is_accessor<AccT>::value, "handler::fill(acc, value) needs an accessor");
  using Elem = std::remove_const_t<typename AccT::value_type>;
  static_assert(std::is_trivially_copyable_v<Elem>, "fill needs a trivially copyable element");
  const Elem Pattern(Value);
  record_accessor_fill(detail::command_record(Dest), &Pattern, sizeof(Pattern));
}

template <typename AccT> void handler::update_host(AccT Acc) {
  static_assert(detail::is_accessor<AccT>::value, "handler::update_host needs an accessor");
  auto Record = detail::command_record(Acc);
  remove_requirement(Record); // the group reads the data on the host, not on the device
  const auto &G = detail::header_access::geometry(Acc);
  detail::access_request R;
  R.mode = access_mode::read;
  R.where = target::host_task;
  R.dims = std::decay_t<decltype(G)>::dims;
  R.element_size = sizeof(typename AccT::value_type);
  for (int D = 0; D < (R.dims == 0 ? 1 : R.dims); ++D) {
    R.range[D] = G.Range[D];
    R.memory_range[D] = G.MemRange[D];
    R.offset[D] = G.Offset[D];
  }
  // A host requirement and no command: the group completes once the data is
  // on the host (its copy is the node's dependency).
  add_requirement(detail::make_accessor(detail::accessor_buffer(*Record), R));
}

/// The deprecated local accessor (SYCL 2020 4.7.6.11):
/// accessor<..., target::local> is a local_accessor with the legacy name,
/// and a kernel parameter of the same kind (the plugin lays out the types
/// that carry the mark, not their bases).
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder IsPlaceholder>
class
#ifdef __SYCL_DEVICE_ONLY__
    __attribute__((sycl_special_class))
#endif
    SMCP_KERNEL_PARAM(smcp::abi::accessor_info(smcp::abi::local_target, Dimensions))
    accessor<DataT, Dimensions, AccessMode, target::local, IsPlaceholder>
    : public local_accessor<DataT, Dimensions> {
public:
  using local_accessor<DataT, Dimensions>::local_accessor;
  accessor() = default;
#ifdef __SYCL_DEVICE_ONLY__
  void __init(DataT *P) { local_accessor<DataT, Dimensions>::__init(P); }
#endif
};

} // namespace sycl

// std::hash (common reference semantics, SYCL 2020 4.5.2): the identity
// operator== compares.
namespace std {
template <typename T, int D, sycl::access_mode M, sycl::target Tg, sycl::access::placeholder P>
struct hash<sycl::accessor<T, D, M, Tg, P>> {
  size_t operator()(const sycl::accessor<T, D, M, Tg, P> &A) const noexcept {
    return std::hash<size_t>()(sycl::detail::header_access::hash_key(A));
  }
};
template <typename T, int D, sycl::access_mode M> struct hash<sycl::host_accessor<T, D, M>> {
  size_t operator()(const sycl::host_accessor<T, D, M> &A) const noexcept {
    return std::hash<size_t>()(sycl::detail::header_access::hash_key(A));
  }
};
template <typename T, int D> struct hash<sycl::local_accessor<T, D>> {
  size_t operator()(const sycl::local_accessor<T, D> &A) const noexcept {
    return std::hash<size_t>()(sycl::detail::header_access::hash_key(A));
  }
};
} // namespace std
