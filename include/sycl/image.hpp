// Images (SYCL 2020 4.7.3): unsampled_image, sampled_image and the deprecated
// image class, their formats and properties.
//
// An image is a runtime memory object like a buffer's (detail/memory_base.hpp)
// holding its texels as the layout says (x fastest, rows row_pitch bytes
// apart, slices slice_pitch): the same scheduling, host copies, write-back
// and destruction rules as buffers, for free. The classes turn their
// constructors into a buffer_init and an image_layout; the accessors
// (image_accessor.hpp) read and write texels through that layout.
#pragma once

#include "buffer.hpp"
#include "detail/image_texels.hpp"
#include "image_accessor.hpp"
#include "sampler.hpp"

#include <array>
#include <memory>
#include <string>

namespace sycl {

enum class image_format : unsigned {
  r8g8b8a8_unorm,
  r16g16b16a16_unorm,
  r8g8b8a8_sint,
  r16g16b16a16_sint,
  r32b32g32a32_sint,
  r8g8b8a8_uint,
  r16g16b16a16_uint,
  r32b32g32a32_uint,
  r16b16g16a16_sfloat,
  r32g32b32a32_sfloat,
  b8g8r8a8_unorm
};

using image_allocator = std::allocator<unsigned char>;

namespace property::image {
/// The image uses the host pointer it was given as its host memory.
class use_host_ptr {};
/// The runtime holds the mutex while it writes the image's data back.
class use_mutex : public sycl::detail::mutex_property {
public:
  using mutex_property::mutex_property;
};
/// The image may only be used in queues of this context.
class context_bound : public sycl::detail::context_property {
public:
  using context_property::context_property;
};
} // namespace property::image

namespace detail {
template <> struct property_kind_of<property::image::use_host_ptr>
    : property_kind_constant<property_kind::image_use_host_ptr> {};
template <> struct property_kind_of<property::image::use_mutex>
    : property_kind_constant<property_kind::image_use_mutex> {};
template <> struct property_kind_of<property::image::context_bound>
    : property_kind_constant<property_kind::image_context_bound> {};

constexpr channel_format channels_of(image_format F) {
  using O = image_channel_order;
  using T = image_channel_type;
  switch (F) {
  case image_format::r8g8b8a8_unorm:
    return {O::rgba, T::unorm_int8};
  case image_format::r16g16b16a16_unorm:
    return {O::rgba, T::unorm_int16};
  case image_format::r8g8b8a8_sint:
    return {O::rgba, T::signed_int8};
  case image_format::r16g16b16a16_sint:
    return {O::rgba, T::signed_int16};
  case image_format::r32b32g32a32_sint:
    return {O::rgba, T::signed_int32};
  case image_format::r8g8b8a8_uint:
    return {O::rgba, T::unsigned_int8};
  case image_format::r16g16b16a16_uint:
    return {O::rgba, T::unsigned_int16};
  case image_format::r32b32g32a32_uint:
    return {O::rgba, T::unsigned_int32};
  case image_format::r16b16g16a16_sfloat:
    return {O::rgba, T::fp16};
  case image_format::r32g32b32a32_sfloat:
    return {O::rgba, T::fp32};
  case image_format::b8g8r8a8_unorm:
    return {O::bgra, T::unorm_int8};
  }
  return {O(~0u), T(~0u)}; // format_problem names it
}

/// A pitch argument (range<Dims - 1>: row, then slice pitch) as bytes.
inline std::array<size_t, 2> pitch_bytes(const range<1> &P) { return {P[0], 0}; }
inline std::array<size_t, 2> pitch_bytes(const range<2> &P) { return {P[0], P[1]}; }

/// Where an image's host data comes from.
struct image_source {
  void *host = nullptr;            // used as the image's memory; written back when `final`
  const void *copy_from = nullptr; // copied in, never written back
  bool blocks = false;             // host memory is attached: the destructor waits
  final_data final;
  std::shared_ptr<void> keep_alive;

  static image_source none() { return {}; }
  static image_source writable(void *Host) {
    image_source S;
    S.host = Host;
    S.blocks = true;
    S.final = write_to<unsigned char>(static_cast<unsigned char *>(Host), Host);
    return S;
  }
  static image_source read_only(const void *Host) {
    image_source S;
    S.copy_from = Host;
    S.blocks = true;
    return S;
  }
  template <typename T> static image_source shared(const std::shared_ptr<T> &Host) {
    if (!Host)
      return {};
    image_source S;
    auto [Final, Holder] = shared_host_memory(std::shared_ptr<T>(Host));
    S.host = const_cast<void *>(static_cast<const void *>(Host.get()));
    S.final = std::move(Final);
    S.keep_alive = std::move(Holder);
    return S;
  }
};

/// What the three image classes share: the memory object, its layout, and
/// the common, property and memory interfaces.
template <int Dims, typename AllocatorT> class image_memory {
  static_assert(Dims >= 1 && Dims <= 3, "images have 1 to 3 dimensions");

public:
  range<Dims> get_range() const { return _range; }
  template <int D = Dims, typename = std::enable_if_t<(D > 1)>> range<D - 1> get_pitch() const {
    if constexpr (D == 2)
      return range<1>(size_t(_layout.row_pitch));
    else
      return range<2>(size_t(_layout.row_pitch), size_t(_layout.slice_pitch));
  }
  /// Bytes of the image's memory (pitches included).
  size_t byte_size() const noexcept { return size_t(_layout.slice_pitch) * size_t(_layout.size[2]); }
  /// Texels.
  size_t size() const noexcept { return _range.size(); }
  AllocatorT get_allocator() const { return _alloc; }

  template <typename Prop> bool has_property() const noexcept {
    return _props.template has_property<Prop>();
  }
  template <typename Prop> Prop get_property() const {
    return _props.template get_property<Prop>();
  }

protected:
  image_memory() = default;
  image_memory(AllocatorT A) : _alloc(std::move(A)) {}

  void init(channel_format Format, const range<Dims> &R, const size_t *Pitch, image_source Src,
            const property_list &P) {
    size_t Range[3] = {1, 1, 1};
    for (int D = 0; D < Dims; ++D)
      Range[D] = R[D];
    _range = R;
    _layout = make_image_layout(Format, Dims, Range, Pitch);
    _props = P;
    buffer_init I;
    I.element_size = 1;
    I.count = byte_size();
    I.host = Src.host;
    I.copy_from = Src.host ? nullptr : Src.copy_from;
    // use_host_ptr with const data: the runtime uses that memory as buffers
    // do (only write accessors of the legacy image can change it; never a
    // write-back).
    if (!I.host && Src.copy_from && P.has_property<property::image::use_host_ptr>())
      I.host = const_cast<void *>(Src.copy_from);
    I.blocks = Src.blocks;
    I.final = std::move(Src.final);
    I.keep_alive = std::move(Src.keep_alive);
    apply_memory_properties<property::image::use_host_ptr, property::image::use_mutex,
                            property::image::context_bound>(I, P);
    if constexpr (!std::is_same_v<AllocatorT, image_allocator>)
      use_allocator<unsigned char>(I, _alloc);
    _impl = make_buffer(std::move(I));
  }
  template <typename Destination> void set_final(Destination Final) {
    buffer_set_final_data(*_impl, final_data_to<unsigned char>(std::move(Final)));
  }
  void write_back(bool Flag) { buffer_set_write_back(*_impl, Flag); }

  friend struct header_access;
  std::shared_ptr<buffer_impl> _impl;
  range<Dims> _range{};
  image_layout _layout;
  AllocatorT _alloc{};
  property_list _props;
};

} // namespace detail

/// An image read and written texel by texel (unsampled_image_accessor).
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class unsampled_image : public detail::image_memory<Dimensions, AllocatorT> {
  using base = detail::image_memory<Dimensions, AllocatorT>;
  template <int D> using pitch_t = range<D - 1>;

public:
  unsampled_image(image_format F, const range<Dimensions> &R, const property_list &P = {}) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::none(), P);
  }
  unsampled_image(image_format F, const range<Dimensions> &R, AllocatorT A,
                  const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::none(), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(image_format F, const range<Dimensions> &R, const pitch_t<D> &Pitch,
                  const property_list &P = {}) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::none(), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(image_format F, const range<Dimensions> &R, const pitch_t<D> &Pitch,
                  AllocatorT A, const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::none(), P);
  }
  unsampled_image(void *Host, image_format F, const range<Dimensions> &R,
                  const property_list &P = {}) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::writable(Host), P);
  }
  unsampled_image(void *Host, image_format F, const range<Dimensions> &R, AllocatorT A,
                  const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::writable(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(void *Host, image_format F, const range<Dimensions> &R, const pitch_t<D> &Pitch,
                  const property_list &P = {}) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::writable(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(void *Host, image_format F, const range<Dimensions> &R, const pitch_t<D> &Pitch,
                  AllocatorT A, const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::writable(Host), P);
  }
  unsampled_image(std::shared_ptr<void> &Host, image_format F, const range<Dimensions> &R,
                  const property_list &P = {}) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::shared(Host), P);
  }
  unsampled_image(std::shared_ptr<void> &Host, image_format F, const range<Dimensions> &R,
                  AllocatorT A, const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, nullptr, detail::image_source::shared(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(std::shared_ptr<void> &Host, image_format F, const range<Dimensions> &R,
                  const pitch_t<D> &Pitch, const property_list &P = {}) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::shared(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  unsampled_image(std::shared_ptr<void> &Host, image_format F, const range<Dimensions> &R,
                  const pitch_t<D> &Pitch, AllocatorT A, const property_list &P = {})
      : base(A) {
    this->init(detail::channels_of(F), R, detail::pitch_bytes(Pitch).data(), detail::image_source::shared(Host), P);
  }

  template <typename DataT,
            access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write),
            image_target Targ = image_target::device>
  unsampled_image_accessor<DataT, Dimensions, Mode, Targ> get_access(handler &H,
                                                                     const property_list &P = {}) {
    return {*this, H, P};
  }
  template <typename DataT,
            access_mode Mode = (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
  host_unsampled_image_accessor<DataT, Dimensions, Mode> get_host_access(const property_list &P = {}) {
    return {*this, P};
  }

  template <typename Destination = std::nullptr_t> void set_final_data(Destination Final = nullptr) {
    this->set_final(std::move(Final));
  }
  void set_write_back(bool Flag = true) { this->write_back(Flag); }

  friend bool operator==(const unsampled_image &A, const unsampled_image &B) {
    return A._impl == B._impl;
  }
  friend bool operator!=(const unsampled_image &A, const unsampled_image &B) { return !(A == B); }
};

/// A read-only image read through its sampler (sampled_image_accessor).
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class sampled_image : public detail::image_memory<Dimensions, AllocatorT> {
  using base = detail::image_memory<Dimensions, AllocatorT>;
  template <int D> using pitch_t = range<D - 1>;

public:
  sampled_image(const void *Host, image_format F, image_sampler S, const range<Dimensions> &R,
                const property_list &P = {}) {
    init(Host, F, S, R, nullptr, P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  sampled_image(const void *Host, image_format F, image_sampler S, const range<Dimensions> &R,
                const pitch_t<D> &Pitch, const property_list &P = {}) {
    init(Host, F, S, R, detail::pitch_bytes(Pitch).data(), P);
  }
  sampled_image(std::shared_ptr<const void> &Host, image_format F, image_sampler S,
                const range<Dimensions> &R, const property_list &P = {}) {
    init_shared(Host, F, S, R, nullptr, P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  sampled_image(std::shared_ptr<const void> &Host, image_format F, image_sampler S,
                const range<Dimensions> &R, const pitch_t<D> &Pitch, const property_list &P = {}) {
    init_shared(Host, F, S, R, detail::pitch_bytes(Pitch).data(), P);
  }

  template <typename DataT, image_target Targ = image_target::device>
  sampled_image_accessor<DataT, Dimensions, Targ> get_access(handler &H,
                                                             const property_list &P = {}) {
    return {*this, H, P};
  }
  template <typename DataT>
  host_sampled_image_accessor<DataT, Dimensions> get_host_access(const property_list &P = {}) {
    return {*this, P};
  }

  friend bool operator==(const sampled_image &A, const sampled_image &B) {
    return A._impl == B._impl;
  }
  friend bool operator!=(const sampled_image &A, const sampled_image &B) { return !(A == B); }

private:
  void init(const void *Host, image_format F, image_sampler S, const range<Dimensions> &R,
            const size_t *Pitch, const property_list &P) {
    base::init(detail::channels_of(F), R, Pitch,
                                                     detail::image_source::read_only(Host), P);
    this->_layout.sampler = detail::bits_of(S);
  }
  void init_shared(const std::shared_ptr<const void> &Host, image_format F, image_sampler S,
                   const range<Dimensions> &R, const size_t *Pitch, const property_list &P) {
    base::init(detail::channels_of(F), R, Pitch,
                                                     detail::image_source::shared(Host), P);
    this->_layout.sampler = detail::bits_of(S);
  }
};

/// SYCL 1.2.1's image (deprecated in SYCL 2020): any channel order and type,
/// read with or without a sampler through accessor<..., target::image>,
/// target::image_array and target::host_image.
template <int Dimensions = 1, typename AllocatorT = image_allocator>
class image : public detail::image_memory<Dimensions, AllocatorT> {
  using base = detail::image_memory<Dimensions, AllocatorT>;
  template <int D> using pitch_t = range<D - 1>;
  using source = detail::image_source;

public:
  image(image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const property_list &P = {}) {
    this->init({O, T}, R, nullptr, source::none(), P);
  }
  image(image_channel_order O, image_channel_type T, const range<Dimensions> &R, AllocatorT A,
        const property_list &P = {})
      : base(A) {
    this->init({O, T}, R, nullptr, source::none(), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const pitch_t<D> &Pitch, const property_list &P = {}) {
    this->init({O, T}, R, detail::pitch_bytes(Pitch).data(), source::none(), P);
  }
  image(void *Host, image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const property_list &P = {}) {
    this->init({O, T}, R, nullptr, source::writable(Host), P);
  }
  image(void *Host, image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        AllocatorT A, const property_list &P = {})
      : base(A) {
    this->init({O, T}, R, nullptr, source::writable(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(void *Host, image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const pitch_t<D> &Pitch, const property_list &P = {}) {
    this->init({O, T}, R, detail::pitch_bytes(Pitch).data(), source::writable(Host), P);
  }
  image(const void *Host, image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const property_list &P = {}) {
    this->init({O, T}, R, nullptr, source::read_only(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(const void *Host, image_channel_order O, image_channel_type T, const range<Dimensions> &R,
        const pitch_t<D> &Pitch, const property_list &P = {}) {
    this->init({O, T}, R, detail::pitch_bytes(Pitch).data(), source::read_only(Host), P);
  }
  image(std::shared_ptr<void> &Host, image_channel_order O, image_channel_type T,
        const range<Dimensions> &R, const property_list &P = {}) {
    this->init({O, T}, R, nullptr, source::shared(Host), P);
  }
  template <int D = Dimensions, typename = std::enable_if_t<(D > 1)>>
  image(std::shared_ptr<void> &Host, image_channel_order O, image_channel_type T,
        const range<Dimensions> &R, const pitch_t<D> &Pitch, const property_list &P = {}) {
    this->init({O, T}, R, detail::pitch_bytes(Pitch).data(), source::shared(Host), P);
  }

  [[deprecated("use size()")]] size_t get_count() const { return this->size(); }
  size_t get_size() const { return this->byte_size(); }
  image_channel_order get_channel_order() const { return image_channel_order(this->_layout.order); }
  image_channel_type get_channel_type() const { return image_channel_type(this->_layout.type); }

  template <typename DataT, access_mode Mode>
  accessor<DataT, Dimensions, Mode, target::image, access::placeholder::false_t>
  get_access(handler &H) {
    return accessor<DataT, Dimensions, Mode, target::image, access::placeholder::false_t>(*this, H);
  }
  template <typename DataT, access_mode Mode>
  accessor<DataT, Dimensions, Mode, target::host_image, access::placeholder::false_t> get_access() {
    return accessor<DataT, Dimensions, Mode, target::host_image, access::placeholder::false_t>(
        *this);
  }

  template <typename Destination = std::nullptr_t> void set_final_data(Destination Final = nullptr) {
    this->set_final(std::move(Final));
  }
  void set_write_back(bool Flag = true) { this->write_back(Flag); }

  friend bool operator==(const image &A, const image &B) { return A._impl == B._impl; }
  friend bool operator!=(const image &A, const image &B) { return !(A == B); }
};

} // namespace sycl

namespace std {
template <int D, typename A> struct hash<sycl::unsampled_image<D, A>> {
  size_t operator()(const sycl::unsampled_image<D, A> &I) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(I).get());
  }
};
template <int D, typename A> struct hash<sycl::sampled_image<D, A>> {
  size_t operator()(const sycl::sampled_image<D, A> &I) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(I).get());
  }
};
template <int D, typename A> struct hash<sycl::image<D, A>> {
  size_t operator()(const sycl::image<D, A> &I) const noexcept {
    return std::hash<const void *>()(sycl::detail::header_access::impl(I).get());
  }
};
} // namespace std
