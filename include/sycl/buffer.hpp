// sycl::buffer (SYCL 2020 4.7.2): a handle to a runtime memory object. The
// template turns each constructor into the runtime's buffer_init: where the
// host data lives, whether the destructor must wait, and where the data goes
// when the buffer dies (4.7.2.3).
#pragma once

#include "access.hpp"
#include "detail/common.hpp"
#include "detail/memory_base.hpp"
#include "exception.hpp"
#include "id.hpp"
#include "properties/buffer_properties.hpp"
#include "property_list.hpp"
#include "range.hpp"

#include <algorithm>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace sycl {

class handler;
template <typename T> using buffer_allocator = std::allocator<T>;

template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P>
class accessor;
template <typename DataT, int Dims, access_mode Mode> class host_accessor;

namespace detail {
std::shared_ptr<context_impl> context_impl_of(const context &C);

template <typename C, typename = void> struct is_container : std::false_type {};
template <typename C>
struct is_container<C, std::void_t<decltype(std::data(std::declval<C &>())),
                                   decltype(std::size(std::declval<C &>()))>> : std::true_type {};

template <typename T> struct is_shared_ptr : std::false_type {};
template <typename T> struct is_shared_ptr<std::shared_ptr<T>> : std::true_type {};
template <typename T> struct is_weak_ptr : std::false_type {};
template <typename T> struct is_weak_ptr<std::weak_ptr<T>> : std::true_type {};

template <int Dims> size_t linear(const id<Dims> &I, const range<Dims> &R) {
  size_t L = 0;
  for (int D = 0; D < Dims; ++D)
    L = L * R[D] + I[D];
  return L;
}

/// A final_data writing into Dest (an output iterator, a pointer).
template <typename T, typename Out> final_data write_to(Out Dest, const void *Address) {
  final_data F;
  F.write = [Dest](const void *Src, size_t Bytes) {
    const T *S = static_cast<const T *>(Src);
    std::copy(S, S + Bytes / sizeof(T), Dest);
  };
  F.address = Address;
  return F;
}

/// Where set_final_data(Final) sends a memory object's data: nowhere for
/// nullptr; an output iterator, a pointer, a shared_ptr or a weak_ptr to T.
template <typename T, typename Destination> final_data final_data_to(Destination Final) {
  final_data F;
  if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
  } else if constexpr (is_weak_ptr<Destination>::value) {
    F.active = [Final] { return !Final.expired(); };
    F.write = [Final](const void *Src, size_t Bytes) {
      if (auto P = Final.lock()) {
        const T *S = static_cast<const T *>(Src);
        std::copy(S, S + Bytes / sizeof(T), static_cast<T *>(static_cast<void *>(P.get())));
      }
    };
  } else if constexpr (is_shared_ptr<Destination>::value) {
    T *Dest = static_cast<T *>(static_cast<void *>(Final.get()));
    F = write_to<T>(Dest, Dest);
    F.write = [Final, W = F.write](const void *Src, size_t Bytes) { W(Src, Bytes); };
  } else if constexpr (std::is_pointer_v<Destination>) {
    F = write_to<T>(static_cast<T *>(static_cast<void *>(Final)), static_cast<const void *>(Final));
  } else {
    F = write_to<T>(Final, nullptr);
  }
  return F;
}

/// The memory properties buffers and images share (4.7.2.2, 4.7.3.x), each
/// class with its own property types.
template <typename UseHostPtr, typename UseMutex, typename ContextBound>
void apply_memory_properties(buffer_init &I, const property_list &P) {
  I.use_host_ptr = P.has_property<UseHostPtr>();
  if (P.has_property<UseMutex>())
    I.mutex = P.get_property<UseMutex>().get_mutex_ptr();
  if (P.has_property<ContextBound>())
    I.bound_context = context_impl_of(P.get_property<ContextBound>().get_context());
}

/// Host memory for the runtime from a user's allocator (4.7.1): called
/// perhaps after the memory object's handle died, so the functions own a
/// copy of the allocator.
template <typename T, typename AllocatorT> void use_allocator(buffer_init &I, const AllocatorT &A) {
  using elem_alloc = typename std::allocator_traits<AllocatorT>::template rebind_alloc<T>;
  using traits = std::allocator_traits<elem_alloc>;
  elem_alloc Alloc(A);
  I.allocate = [Alloc](size_t Bytes) mutable -> void * {
    return traits::allocate(Alloc, Bytes / sizeof(T));
  };
  I.deallocate = [Alloc](void *Ptr, size_t Bytes) mutable {
    traits::deallocate(Alloc, static_cast<T *>(Ptr), Bytes / sizeof(T));
  };
}

/// A memory object over a user's shared_ptr: its copy lives in the returned
/// holder (a std::shared_ptr<T> behind the void), and the data is written
/// back only while the user still holds one too (its use count exceeds the
/// holder's).
template <typename T>
std::pair<final_data, std::shared_ptr<void>> shared_host_memory(std::shared_ptr<T> Host) {
  auto Holder = std::make_shared<std::shared_ptr<T>>(std::move(Host));
  final_data F;
  F.active = [W = std::weak_ptr<std::shared_ptr<T>>(Holder)] {
    auto H = W.lock();
    return H && H->use_count() > 1;
  };
  F.write = [Holder](const void *, size_t) {}; // the data is already in *Holder
  F.address = Holder->get();
  return {std::move(F), std::move(Holder)};
}
} // namespace detail

template <typename T, int Dimensions = 1,
          typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "buffers have 1 to 3 dimensions");
  using elem_t = std::remove_const_t<T>;

public:
  using value_type = T;
  using reference = value_type &;
  using const_reference = const value_type &;
  using allocator_type = AllocatorT;

  buffer(const range<Dimensions> &R, const property_list &P = {}) : _range(R) {
    init(nullptr, nullptr, false, {}, P);
  }
  buffer(const range<Dimensions> &R, AllocatorT A, const property_list &P = {})
      : _range(R), _alloc(A) {
    init(nullptr, nullptr, false, {}, P);
  }

  /// Host memory the buffer uses while it lives and writes back to.
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(elem_t *Host, const range<Dimensions> &R, const property_list &P = {}) : _range(R) {
    init(Host, nullptr, true, detail::write_to<elem_t>(Host, Host), P);
  }
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(elem_t *Host, const range<Dimensions> &R, AllocatorT A, const property_list &P = {})
      : buffer(Host, R, P) {
    _alloc = A;
  }
  /// Read-only host memory: copied in, never written back.
  buffer(const elem_t *Host, const range<Dimensions> &R, const property_list &P = {})
      : _range(R) {
    init(P.has_property<property::buffer::use_host_ptr>() ? const_cast<elem_t *>(Host) : nullptr,
         Host, true, {}, P);
  }
  buffer(const elem_t *Host, const range<Dimensions> &R, AllocatorT A,
         const property_list &P = {})
      : _range(R), _alloc(A) { // not delegating: init hands _alloc to the runtime
    init(P.has_property<property::buffer::use_host_ptr>() ? const_cast<elem_t *>(Host) : nullptr,
         Host, true, {}, P);
  }

  /// Written back only while the caller still holds a copy of the pointer.
  buffer(const std::shared_ptr<elem_t> &Host, const range<Dimensions> &R,
         const property_list &P = {})
      : _range(R) {
    init_shared(std::shared_ptr<elem_t>(Host), P);
  }
  buffer(const std::shared_ptr<elem_t> &Host, const range<Dimensions> &R, AllocatorT A,
         const property_list &P = {})
      : buffer(Host, R, P) {
    _alloc = A;
  }
  buffer(const std::shared_ptr<elem_t[]> &Host, const range<Dimensions> &R,
         const property_list &P = {})
      : _range(R) {
    init_shared(std::shared_ptr<elem_t>(Host, Host.get()), P);
  }
  buffer(const std::shared_ptr<elem_t[]> &Host, const range<Dimensions> &R, AllocatorT A,
         const property_list &P = {})
      : buffer(Host, R, P) {
    _alloc = A;
  }

  /// A container: written back when its data is not const.
  template <typename Container, int D = Dimensions,
            typename = std::enable_if_t<D == 1 && detail::is_container<Container>::value &&
                                        !std::is_pointer_v<Container>>>
  buffer(Container &C, const property_list &P = {}) : _range(std::size(C)) {
    auto *Data = std::data(C);
    if constexpr (std::is_const_v<std::remove_pointer_t<decltype(Data)>>)
      init(nullptr, Data, true, {}, P);
    else
      init(Data, nullptr, true, detail::write_to<elem_t>(Data, Data), P);
  }
  template <typename Container, int D = Dimensions,
            typename = std::enable_if_t<D == 1 && detail::is_container<Container>::value &&
                                        !std::is_pointer_v<Container>>>
  buffer(Container &C, AllocatorT A, const property_list &P = {}) : buffer(C, P) {
    _alloc = A;
  }

  /// An iterator range: copied in, never written back, never waited for.
  template <typename InputIt, int D = Dimensions,
            typename = std::enable_if_t<
                D == 1 && !std::is_integral_v<InputIt> &&
                std::is_base_of_v<std::input_iterator_tag,
                                  typename std::iterator_traits<InputIt>::iterator_category>>>
  buffer(InputIt First, InputIt Last, const property_list &P = {})
      : _range(size_t(std::distance(First, Last))) {
    std::vector<elem_t> Copy(First, Last);
    init(nullptr, Copy.data(), false, {}, P);
  }
  template <typename InputIt, int D = Dimensions,
            typename = std::enable_if_t<
                D == 1 && !std::is_integral_v<InputIt> &&
                std::is_base_of_v<std::input_iterator_tag,
                                  typename std::iterator_traits<InputIt>::iterator_category>>>
  buffer(InputIt First, InputIt Last, AllocatorT A, const property_list &P = {})
      : _range(size_t(std::distance(First, Last))), _alloc(A) { // init hands _alloc over
    std::vector<elem_t> Copy(First, Last);
    init(nullptr, Copy.data(), false, {}, P);
  }

  /// A sub-buffer: a contiguous region of B (errc::invalid otherwise).
  buffer(buffer &B, const id<Dimensions> &Base, const range<Dimensions> &Sub)
      : _range(Sub), _alloc(B._alloc) {
    for (int D = 0; D < Dimensions; ++D)
      if (Base[D] + Sub[D] > B._range[D])
        throw exception(errc::invalid, "sub-buffer: base index + sub-range exceeds the "
                                       "parent buffer's range in dimension " +
                                           std::to_string(D));
    // Contiguous iff some k has Sub[d]==1 for d<k and Sub[d]==Range[d] for d>k.
    int K = 0;
    while (K < Dimensions - 1 && Sub[K] == 1)
      ++K;
    for (int D = K + 1; D < Dimensions; ++D)
      if (Sub[D] != B._range[D])
        throw exception(errc::invalid, "sub-buffer: the region is not contiguous in the "
                                       "parent buffer (only whole rows may be taken)");
    _impl = detail::make_sub_buffer(B._impl, detail::linear(Base, B._range) * sizeof(T),
                                    Sub.size() * sizeof(T));
  }

  range<Dimensions> get_range() const { return _range; }
  size_t size() const noexcept { return _range.size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  [[deprecated("use size()")]] size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return _alloc; }
  bool is_sub_buffer() const { return detail::buffer_is_sub_buffer(*_impl); }

  template <typename Prop> bool has_property() const noexcept {
    return _props.template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return _props.template get_property<Prop>();
  }

  template <access_mode Mode = access_mode::read_write, target Targ = target::device>
  accessor<T, Dimensions, Mode, Targ, access::placeholder::false_t> get_access(handler &H) {
    return {*this, H};
  }
  template <access_mode Mode = access_mode::read_write, target Targ = target::device>
  accessor<T, Dimensions, Mode, Targ, access::placeholder::false_t>
  get_access(handler &H, range<Dimensions> R, id<Dimensions> Offset = {}) {
    return {*this, H, R, Offset};
  }
  /// Deprecated host access: accessor<..., target::host_buffer>, a
  /// host_accessor (accessor.hpp).
  template <access_mode Mode, target Targ = target::host_buffer>
  accessor<T, Dimensions, Mode, target::host_buffer, access::placeholder::false_t> get_access() {
    static_assert(Targ == target::host_buffer,
                  "get_access without a handler makes a host accessor: its target is host_buffer");
    return accessor<T, Dimensions, Mode, target::host_buffer, access::placeholder::false_t>(*this);
  }
  template <access_mode Mode, target Targ = target::host_buffer>
  accessor<T, Dimensions, Mode, target::host_buffer, access::placeholder::false_t>
  get_access(range<Dimensions> R, id<Dimensions> Offset = {}) {
    static_assert(Targ == target::host_buffer,
                  "get_access without a handler makes a host accessor: its target is host_buffer");
    return accessor<T, Dimensions, Mode, target::host_buffer, access::placeholder::false_t>(
        *this, R, Offset);
  }
  /// accessor{*this, Args...}: the tag forms, get_access(cgh, write_only,
  /// no_init) and the like (defined in accessor.hpp).
  template <typename... Ts> auto get_access(Ts &&...Args);
  /// host_accessor{*this, Args...} (defined in accessor.hpp).
  template <typename... Ts> auto get_host_access(Ts... Args);

  /// nullptr: no write-back; an output iterator, a pointer, a shared_ptr or
  /// a weak_ptr: the data goes there when the buffer dies.
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination Final = nullptr) {
    detail::buffer_set_final_data(*_impl, detail::final_data_to<elem_t>(std::move(Final)));
  }
  void set_write_back(bool Flag = true) { detail::buffer_set_write_back(*_impl, Flag); }

  /// The same memory seen as ReinterpretT[R] (errc::invalid if the sizes differ).
  template <typename ReinterpretT, int ReinterpretDim>
  buffer<ReinterpretT, ReinterpretDim,
         typename std::allocator_traits<AllocatorT>::template rebind_alloc<
             std::remove_const_t<ReinterpretT>>>
  reinterpret(range<ReinterpretDim> R) const {
    if (R.size() * sizeof(ReinterpretT) != byte_size())
      throw exception(errc::invalid,
                      "buffer::reinterpret: the new range has " +
                          std::to_string(R.size() * sizeof(ReinterpretT)) + " bytes, the buffer " +
                          std::to_string(byte_size()));
    using result = buffer<ReinterpretT, ReinterpretDim,
                          typename std::allocator_traits<AllocatorT>::template rebind_alloc<
                              std::remove_const_t<ReinterpretT>>>;
    return result(detail::make_buffer_view(_impl), R, typename result::view_tag{});
  }
  template <typename ReinterpretT, int ReinterpretDim = Dimensions>
  auto reinterpret() const {
    static_assert(ReinterpretDim == 1 || (ReinterpretDim == Dimensions &&
                                          sizeof(ReinterpretT) == sizeof(T)),
                  "reinterpret without a range: to one dimension, or to a type of the same size");
    if constexpr (ReinterpretDim == 1) {
      if (byte_size() % sizeof(ReinterpretT))
        throw exception(errc::invalid, "buffer::reinterpret: the buffer's size is not a "
                                       "multiple of the new type's");
      return reinterpret<ReinterpretT, 1>(range<1>(byte_size() / sizeof(ReinterpretT)));
    } else {
      return reinterpret<ReinterpretT, ReinterpretDim>(_range);
    }
  }

  friend bool operator==(const buffer &A, const buffer &B) { return A._impl == B._impl; }
  friend bool operator!=(const buffer &A, const buffer &B) { return !(A == B); }

private:
  friend struct detail::header_access; // accessors take the impl
  template <typename, int, typename> friend class buffer;

  /// reinterpret's result: another view of the same memory.
  struct view_tag {};
  buffer(std::shared_ptr<detail::buffer_impl> Impl, range<Dimensions> R, view_tag)
      : _impl(std::move(Impl)), _range(R) {}

  void init(elem_t *Host, const elem_t *CopyFrom, bool Blocks, detail::final_data Final,
            const property_list &P, std::shared_ptr<void> Keep = nullptr) {
    _props = P;
    detail::buffer_init I;
    I.element_size = sizeof(T);
    I.count = _range.size();
    I.host = Host;
    I.copy_from = Host ? nullptr : CopyFrom;
    I.blocks = Blocks;
    detail::apply_memory_properties<property::buffer::use_host_ptr, property::buffer::use_mutex,
                                    property::buffer::context_bound>(I, P);
    I.final = std::move(Final);
    I.keep_alive = std::move(Keep);
    // A user allocator provides the host memory the runtime allocates itself
    // (4.7.1). The default one is left to the runtime, whose 64-byte aligned
    // memory also suits reinterpret to wider vector types.
    if constexpr (!std::is_same_v<AllocatorT, buffer_allocator<elem_t>>)
      detail::use_allocator<elem_t>(I, _alloc);
    _impl = detail::make_buffer(std::move(I));
  }
  void init_shared(std::shared_ptr<elem_t> Host, const property_list &P) {
    if (!Host) {
      init(nullptr, nullptr, false, {}, P);
      return;
    }
    auto [Final, Holder] = detail::shared_host_memory(std::move(Host));
    elem_t *Data = static_cast<std::shared_ptr<elem_t> *>(Holder.get())->get();
    init(Data, nullptr, false, std::move(Final), P, std::move(Holder));
  }

  std::shared_ptr<detail::buffer_impl> _impl;
  range<Dimensions> _range;
  AllocatorT _alloc{};
  property_list _props;
};

// Deduction guides (SYCL 2020 4.7.2.1).
template <class InputIt, class AllocatorT>
buffer(InputIt, InputIt, AllocatorT, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1, AllocatorT>;
template <class InputIt>
buffer(InputIt, InputIt, const property_list & = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;
template <class T, int Dims, class AllocatorT>
buffer(const T *, const range<Dims> &, AllocatorT, const property_list & = {})
    -> buffer<T, Dims, AllocatorT>;
template <class T, int Dims>
buffer(const T *, const range<Dims> &, const property_list & = {}) -> buffer<T, Dims>;
template <class T> buffer(T *, size_t, const property_list & = {}) -> buffer<T, 1>;
template <class Container, class AllocatorT>
buffer(Container &, AllocatorT, const property_list & = {})
    -> buffer<typename Container::value_type, 1, AllocatorT>;
template <class Container>
buffer(Container &, const property_list & = {}) -> buffer<typename Container::value_type, 1>;

} // namespace sycl

namespace std {
template <typename T, int D, typename A> struct hash<sycl::buffer<T, D, A>> {
  size_t operator()(const sycl::buffer<T, D, A> &B) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(B).get());
  }
};
} // namespace std
