// Image accessors (SYCL 2020 4.7.6.10-4.7.6.12): unsampled_image_accessor,
// host_unsampled_image_accessor, sampled_image_accessor,
// host_sampled_image_accessor, and the deprecated accessor targets image,
// host_image and image_array of the legacy image class.
//
// An image's memory is a runtime memory object like a buffer's (image.hpp),
// so an image accessor is a buffer accessor of the image's bytes in the
// kernel ABI: a special kernel object whose first word is the device address
// of the texels, followed by their layout (detail::image_layout), copied to
// the device verbatim. Reads, writes and samples convert texels in code
// (detail/image_texels.hpp, detail/image_sampling.hpp), the same on every
// backend and in host accessors.
#pragma once

#include "access.hpp"
#include "accessor.hpp"
#include "detail/accessor_owner.hpp"
#include "detail/common.hpp"
#include "detail/image_sampling.hpp"
#include "detail/kernel_desc.hpp"
#include "detail/launch_constant.hpp"
#include "detail/memory_base.hpp"
#include "half.hpp"
#include "handler.hpp"
#include "property_list.hpp"
#include "range.hpp"
#include "sampler.hpp"
#include "vec.hpp"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace sycl {

template <int Dimensions, typename AllocatorT> class unsampled_image;
template <int Dimensions, typename AllocatorT> class sampled_image;
template <int Dimensions, typename AllocatorT> class image;

enum class image_target : unsigned { device, host_task };

namespace detail {

/// The channel type each accessor element type reads in (float4, int4,
/// uint4, half4: SYCL 2020 4.7.6.10.1).
template <typename DataT> struct texel_element {
  static_assert(sizeof(DataT) == 0,
                "image accessors read and write int4, uint4, float4 or half4 texels");
};
template <> struct texel_element<vec<float, 4>> { using type = float; };
template <> struct texel_element<vec<int32_t, 4>> { using type = int32_t; };
template <> struct texel_element<vec<uint32_t, 4>> { using type = uint32_t; };
template <> struct texel_element<vec<half, 4>> { using type = float; };
template <typename DataT> struct texel_element<const DataT> : texel_element<DataT> {};

/// Coordinates as an array of three (int or float): a scalar for one
/// dimension, a vec whose first elements are the coordinates otherwise.
template <typename T, int Dims, typename CoordT> void coordinates_of(const CoordT &C, T out[3]) {
  out[0] = out[1] = out[2] = T(0);
  if constexpr (std::is_arithmetic_v<CoordT>) {
    static_assert(Dims == 1, "a scalar coordinate addresses a 1-dimensional image");
    out[0] = T(C);
  } else {
    static_assert(int(CoordT::size()) >= Dims,
                  "image coordinates need one element per dimension (int2/float2 for 2-D, "
                  "int4/float4 for 3-D)");
    for (int D = 0; D < Dims; ++D)
      out[D] = T(C[D]);
  }
}
template <typename CoordT> struct coordinate_element { using type = CoordT; };
template <typename T, int N> struct coordinate_element<vec<T, N>> { using type = T; };
template <typename CoordT>
inline constexpr bool float_coordinates_v =
    std::is_floating_point_v<typename coordinate_element<CoordT>::type>;

/// Texel reads and writes with DataT values.
template <typename ConstDataT> struct texel_io {
  using DataT = std::remove_const_t<ConstDataT>;
  using E = typename texel_element<DataT>::type;
  using out_elem = typename DataT::element_type;

  static DataT value(const E c[4]) {
    DataT R;
    for (int I = 0; I < 4; ++I)
      R[I] = out_elem(c[I]);
    return R;
  }
  template <int Dims, typename CoordT>
  static DataT read(const unsigned char *base, const image_layout &l, const CoordT &C, int layer) {
    static_assert(!float_coordinates_v<CoordT>,
                  "reads without a sampler take integer coordinates (int, int2, int4)");
    int at[3];
    coordinates_of<int, Dims>(C, at);
    at[Dims < 3 ? Dims : 2] = Dims < 3 ? layer : at[2];
    E c[4];
    fetch_texel(base, launch_specialized(l), at[0], at[1], at[2], c);
    return value(c);
  }
  template <int Dims, typename CoordT>
  static DataT sample(const unsigned char *base, const image_layout &l, uint32_t sampler,
                      const CoordT &C, int layer) {
    float at[3];
    coordinates_of<float, Dims>(C, at);
    E c[4];
    sample_texel<Dims>(base, launch_specialized(l), launch_constant(sampler), at, layer, c);
    return value(c);
  }
  /// Whether a texture over the image returns E: floats for normalized and
  /// floating-point types, integers of the image's signedness. Decided on
  /// the host: an accessor whose image it does not return gets no texture.
  static bool texture_reads_element(const image_layout &l) {
    const auto t = image_channel_type(l.type);
    if constexpr (std::is_same_v<E, float>)
      return !is_integer(t);
    else if constexpr (std::is_signed_v<E>)
      return t >= image_channel_type::signed_int8 && t <= image_channel_type::signed_int32;
    else
      return t >= image_channel_type::unsigned_int8 && t <= image_channel_type::unsigned_int32;
  }
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
  /// The layout of a 2-D image from the scalars the out-of-line reads take.
  static image_layout layout_2d(int32_t width, int32_t height, uint32_t order, uint32_t type,
                                uint32_t texel_bytes, uint64_t row_pitch) {
    image_layout l;
    l.size[0] = width;
    l.size[1] = height;
    l.order = order;
    l.type = type;
    l.texel_bytes = texel_bytes;
    l.row_pitch = row_pitch;
    l.slice_pitch = row_pitch * uint64_t(height);
    return l;
  }
  /// The read in code of a 2-D image where a texture could serve it: a
  /// call, so that the loops around the read stay small enough to unroll
  /// (inline, it kept a 5x5 convolution's loops rolled: 1.5 times CUDA's
  /// time, 1.3 now). The layout comes as scalars: a reference, or a struct passed
  /// by value (which the optimiser turns into a pointer to the original),
  /// would make the kernel keep its whole functor in local memory.
  SMCP_ABI_MARK(SMCP_ABI_OUT_OF_LINE_MARK) __attribute__((noinline)) static DataT
  sample_2d_out_of_line(const unsigned char *base, int32_t width, int32_t height, uint32_t order,
                        uint32_t type, uint32_t texel_bytes, uint32_t sampler, uint64_t row_pitch,
                        float x, float y) {
    image_layout l = layout_2d(width, height, order, type, texel_bytes, row_pitch);
    l.sampler = sampler;
    return sample<2>(base, l, sampler, vec<float, 2>(x, y), 0);
  }
  /// The read in code of a 2-D unsampled image where a texture could serve
  /// it, out of line for the same reasons.
  SMCP_ABI_MARK(SMCP_ABI_OUT_OF_LINE_MARK) __attribute__((noinline)) static DataT
  read_2d_out_of_line(const unsigned char *base, int32_t width, int32_t height, uint32_t order,
                      uint32_t type, uint32_t texel_bytes, uint64_t row_pitch, int x, int y) {
    return read<2>(base, layout_2d(width, height, order, type, texel_bytes, row_pitch),
                   vec<int, 2>(x, y), 0);
  }
  /// A sampled read of a 2-D rgba image through the backend texture
  /// `handle`, which does the format's conversion, the addressing and the
  /// filtering (runtime/core/texture_cache.h says which images get one).
  template <typename CoordT> static DataT texture_read_2d(uint64_t handle, const CoordT &C) {
    const auto t = texture_2d<E>(handle, float(C[0]), float(C[1]));
    const E c[4] = {t[0], t[1], t[2], t[3]};
    return value(c);
  }
#endif
  template <int Dims, typename CoordT>
  static void write(unsigned char *base, const image_layout &l, const CoordT &C, const DataT &V,
                    int layer) {
    static_assert(!float_coordinates_v<CoordT>,
                  "writes take integer coordinates (int, int2, int4)");
    int at[3];
    coordinates_of<int, Dims>(C, at);
    at[Dims < 3 ? Dims : 2] = Dims < 3 ? layer : at[2];
    E c[4];
    for (int I = 0; I < 4; ++I)
      c[I] = E(V[I]);
    write_texel(base, launch_specialized(l), at[0], at[1], at[2], c);
  }
};

/// The runtime's side of an image accessor: a buffer accessor over all of
/// the image's bytes.
inline access_request image_request(size_t bytes, access_mode mode, target where, bool no_init) {
  access_request R;
  R.mode = mode;
  R.where = where;
  R.no_init = no_init;
  R.element_size = 1;
  R.dims = 1;
  R.range[0] = R.memory_range[0] = bytes;
  return R;
}

/// What every image accessor holds. Its first word is, in a kernel, the
/// device address of the texels and, on the host, the accessor's runtime
/// record (kernel_desc.hpp); host accessors keep the texels' host address.
class image_accessor_storage {
public:
  size_t size() const noexcept {
    return size_t(MLayout.size[0]) * size_t(MLayout.size[1]) * size_t(MLayout.size[2]);
  }

protected:
  /// TextureDims: the dimensions of an accessor that asks the runtime for a
  /// backend texture (0: none) that reads with TextureSampler (sampler_bits;
  /// ~0: the image's), if TextureReadsElement (a texture returns the
  /// accessor's element type).
  template <typename Image>
  void bind(const Image &Img, handler *H, access_mode Mode, target Where, bool NoInit,
            int TextureDims = 0, bool TextureReadsElement = false,
            uint32_t TextureSampler = ~0u) {
    MLayout = header_access::layout(Img);
#ifndef __SYCL_DEVICE_ONLY__
    const auto &Impl = header_access::impl(Img);
    auto Req = image_request(MLayout.slice_pitch * size_t(MLayout.size[2]), Mode, Where, NoInit);
    Req.texture_dims = TextureDims;
    Req.texture_layout = MLayout;
    if (TextureSampler != ~0u)
      Req.texture_layout.sampler = TextureSampler;
    Req.texture_reads_element = TextureReadsElement;
    MOwner = H ? make_accessor(Impl, Req) : make_host_accessor(Impl, Req);
    MData = MOwner.get();
    if (!H || Where == target::host_task)
      MHost = static_cast<unsigned char *>(accessor_host_data(*MOwner));
    if (H)
      header_access::require(*H, MOwner.shared());
#else
    (void)Img, (void)H, (void)Mode, (void)Where, (void)NoInit, (void)TextureDims,
        (void)TextureReadsElement, (void)TextureSampler;
#endif
  }
  /// The texels where this code runs. On the host only host and host_task
  /// accessors have them: a device accessor's texels read in a host task
  /// are an error (reads are noexcept: it ends the program with its message).
  unsigned char *texels() const {
#ifdef __SYCL_DEVICE_ONLY__
    return static_cast<unsigned char *>(MData);
#else
    if (!MHost)
      throw_device_accessor_on_host();
    return MHost;
#endif
  }
  bool same(const image_accessor_storage &O) const { return MData == O.MData && MHost == O.MHost; }
  friend struct header_access; // std::hash
  size_t hash_key() const noexcept { return reinterpret_cast<size_t>(MData); }

  void *MData = nullptr;
#ifdef __SYCL_DEVICE_ONLY__
  uint64_t MTexture; // a sampled accessor's backend texture (abi::sampled_image_handle_offset)
  char MPad[8];
#else
  accessor_owner MOwner;
#endif
  image_layout MLayout;
  unsigned char *MHost = nullptr;
};

template <access_mode Mode>
constexpr bool reads_v = Mode == access_mode::read || Mode == access_mode::read_write;
template <access_mode Mode>
constexpr bool writes_v = Mode == access_mode::write || Mode == access_mode::read_write ||
                          Mode == access_mode::discard_write ||
                          Mode == access_mode::discard_read_write;
template <access_mode Mode>
constexpr bool discards_v =
    Mode == access_mode::discard_write || Mode == access_mode::discard_read_write;

/// The property interface image accessors share (no_init is their only
/// property).
class image_accessor_properties {
public:
  template <typename Prop> bool has_property() const noexcept {
    return std::is_same_v<Prop, property::no_init> && _no_init;
  }
  template <typename Prop> Prop get_property() const {
    if (!has_property<Prop>())
      throw_missing_property();
    return Prop{};
  }

protected:
  bool _no_init = false;
};

} // namespace detail

#ifdef __SYCL_DEVICE_ONLY__
#define SMCP_IMAGE_SPECIAL_CLASS __attribute__((sycl_special_class))
#else
#define SMCP_IMAGE_SPECIAL_CLASS
#endif
/// Image accessors are accessors of the image's bytes in the kernel ABI.
#define SMCP_IMAGE_KERNEL_PARAM SMCP_KERNEL_PARAM(smcp::abi::accessor_info(int(target::device), 1))

/// Reads (access_mode::read) or writes (access_mode::write) of an
/// unsampled_image in a kernel, or in a host task (image_target::host_task).
template <typename DataT, int Dimensions, access_mode AccessMode,
          image_target AccessTarget = image_target::device>
class SMCP_IMAGE_SPECIAL_CLASS SMCP_IMAGE_KERNEL_PARAM unsampled_image_accessor
    : public detail::image_accessor_storage,
      public detail::image_accessor_properties {
  static_assert(AccessMode == sycl::access_mode::read || AccessMode == sycl::access_mode::write,
                "an unsampled_image_accessor reads (access_mode::read) or writes "
                "(access_mode::write)");
  static_assert(Dimensions >= 1 && Dimensions <= 3, "images have 1 to 3 dimensions");
  using io = detail::texel_io<DataT>;

public:
  static constexpr int dimensions = Dimensions;
  static constexpr sycl::access_mode access_mode = AccessMode;
  static constexpr image_target access_target = AccessTarget;
  using value_type =
      std::conditional_t<AccessMode == sycl::access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  unsampled_image_accessor(unsampled_image<Dimensions, AllocatorT> &Image, handler &H,
                           const property_list &P = {}) {
    init(Image, H, P);
  }

  /// Read accessors of const and non-const texels convert into each other.
  template <typename U, typename = std::enable_if_t<
                            !std::is_same_v<U, DataT> && AccessMode == sycl::access_mode::read &&
                            std::is_same_v<std::remove_const_t<U>, std::remove_const_t<DataT>>>>
  unsampled_image_accessor(
      const unsampled_image_accessor<U, Dimensions, AccessMode, AccessTarget> &Other)
      : image_accessor_storage(Other), image_accessor_properties(Other) {}

#ifdef __SYCL_DEVICE_ONLY__
  void __init(unsigned char *P) { MData = P; }
#endif

  template <typename CoordT, sycl::access_mode M = AccessMode,
            typename = std::enable_if_t<M == sycl::access_mode::read>>
  DataT read(const CoordT &Coords) const noexcept {
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
    if constexpr (Dimensions == 2 && !detail::float_coordinates_v<CoordT>) {
      // Texel (x, y) is at (x + 0.5, y + 0.5) for a texture with nearest
      // filtering; outside the image its border gives 0, as the code does.
      if (__smcp_has_texture(MTexture))
        return io::texture_read_2d(MTexture,
                                   vec<float, 2>(float(Coords[0]) + 0.5f, float(Coords[1]) + 0.5f));
      const detail::image_layout &L = MLayout;
      return io::read_2d_out_of_line(texels(), L.size[0], L.size[1], L.order, L.type,
                                     L.texel_bytes, L.row_pitch, int(Coords[0]), int(Coords[1]));
    }
#endif
    return io::template read<Dimensions>(texels(), MLayout, Coords, 0);
  }
  template <typename CoordT, sycl::access_mode M = AccessMode,
            typename = std::enable_if_t<M == sycl::access_mode::write>>
  void write(const CoordT &Coords, const DataT &Color) const {
    io::template write<Dimensions>(texels(), MLayout, Coords, Color, 0);
  }

  friend bool operator==(const unsampled_image_accessor &A, const unsampled_image_accessor &B) {
    return A.same(B);
  }
  friend bool operator!=(const unsampled_image_accessor &A, const unsampled_image_accessor &B) {
    return !(A == B);
  }

private:
  template <typename ImageT> void init(ImageT &Image, handler &H, const property_list &P) {
    _no_init = P.has_property<property::no_init>();
    // 2-D reads in a kernel ask for a texture that reads texels as they are
    // (read()): nearest, unnormalized, a border of 0 outside.
    const bool Asks = AccessTarget == image_target::device &&
                      AccessMode == sycl::access_mode::read && Dimensions == 2;
    const bool TextureReadsElement = io::texture_reads_element(detail::header_access::layout(Image));
    bind(Image, &H, AccessMode,
         AccessTarget == image_target::host_task ? target::host_task : target::device, _no_init,
         Asks ? Dimensions : 0, TextureReadsElement, texel_sampler);
  }
  static constexpr uint32_t texel_sampler = detail::sampler_bits(
      addressing_mode::clamp, filtering_mode::nearest, coordinate_normalization_mode::unnormalized);
};

/// Reads and writes of an unsampled_image on the host.
template <typename DataT, int Dimensions = 1,
          access_mode AccessMode =
              (std::is_const_v<DataT> ? access_mode::read : access_mode::read_write)>
class host_unsampled_image_accessor : public detail::image_accessor_storage,
                                      public detail::image_accessor_properties {
  static_assert(AccessMode == access_mode::read || AccessMode == access_mode::write ||
                    AccessMode == access_mode::read_write,
                "a host_unsampled_image_accessor reads, writes or both");
  using io = detail::texel_io<DataT>;

public:
  using value_type = std::conditional_t<AccessMode == access_mode::read, const DataT, DataT>;
  using reference = value_type &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  host_unsampled_image_accessor(unsampled_image<Dimensions, AllocatorT> &Image,
                                const property_list &P = {}) {
    init(Image, P);
  }
  /// Read accessors of const and non-const texels convert into each other.
  template <typename U, typename = std::enable_if_t<
                            !std::is_same_v<U, DataT> && AccessMode == access_mode::read &&
                            std::is_same_v<std::remove_const_t<U>, std::remove_const_t<DataT>>>>
  host_unsampled_image_accessor(const host_unsampled_image_accessor<U, Dimensions, AccessMode> &Other)
      : image_accessor_storage(Other), image_accessor_properties(Other) {}

  template <typename CoordT, access_mode M = AccessMode,
            typename = std::enable_if_t<detail::reads_v<M>>>
  DataT read(const CoordT &Coords) const noexcept {
    return io::template read<Dimensions>(texels(), MLayout, Coords, 0);
  }
  template <typename CoordT, access_mode M = AccessMode,
            typename = std::enable_if_t<detail::writes_v<M>>>
  void write(const CoordT &Coords, const DataT &Color) const {
    io::template write<Dimensions>(texels(), MLayout, Coords, Color, 0);
  }

  friend bool operator==(const host_unsampled_image_accessor &A,
                         const host_unsampled_image_accessor &B) {
    return A.same(B);
  }
  friend bool operator!=(const host_unsampled_image_accessor &A,
                         const host_unsampled_image_accessor &B) {
    return !(A == B);
  }

private:
  template <typename ImageT> void init(ImageT &Image, const property_list &P) {
    _no_init = P.has_property<property::no_init>();
    bind(Image, nullptr, AccessMode, target::host_buffer, _no_init);
  }
};

/// Sampled reads of a sampled_image, with the image's sampler, in a kernel
/// or a host task.
template <typename DataT, int Dimensions, image_target AccessTarget = image_target::device>
class SMCP_IMAGE_SPECIAL_CLASS SMCP_IMAGE_KERNEL_PARAM sampled_image_accessor
    : public detail::image_accessor_storage,
      public detail::image_accessor_properties {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "images have 1 to 3 dimensions");
  using io = detail::texel_io<DataT>;

public:
  using value_type = const DataT;
  using reference = const DataT &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  sampled_image_accessor(sampled_image<Dimensions, AllocatorT> &Image, handler &H,
                         const property_list &P = {}) {
    init(Image, H, P);
  }

#ifdef __SYCL_DEVICE_ONLY__
  void __init(unsigned char *P) { MData = P; }
#endif

  template <typename CoordT> DataT read(const CoordT &Coords) const noexcept {
    static_assert(detail::float_coordinates_v<CoordT>,
                  "sampled reads take float coordinates (float, float2, float4)");
#if defined(__NVPTX__) && defined(__SYCL_DEVICE_ONLY__)
    if constexpr (Dimensions == 2) {
      if (__smcp_has_texture(MTexture))
        return io::texture_read_2d(MTexture, Coords);
      const detail::image_layout &L = MLayout;
      return io::sample_2d_out_of_line(texels(), L.size[0], L.size[1], L.order, L.type,
                                       L.texel_bytes, L.sampler, L.row_pitch, float(Coords[0]),
                                       float(Coords[1]));
    }
#endif
    return io::template sample<Dimensions>(texels(), MLayout, MLayout.sampler, Coords, 0);
  }

  friend bool operator==(const sampled_image_accessor &A, const sampled_image_accessor &B) {
    return A.same(B);
  }
  friend bool operator!=(const sampled_image_accessor &A, const sampled_image_accessor &B) {
    return !(A == B);
  }

private:
  template <typename ImageT> void init(ImageT &Image, handler &H, const property_list &P) {
    const bool InKernel = AccessTarget == image_target::device;
    // Only 2-D reads ask for a texture (read()); the others' word is unused.
    const bool Asks = InKernel && Dimensions == 2;
    const bool TextureReadsElement = io::texture_reads_element(detail::header_access::layout(Image));
    bind(Image, &H, access_mode::read, InKernel ? target::device : target::host_task, false,
         Asks ? Dimensions : 0, TextureReadsElement);
    (void)P;
  }
};

/// Sampled reads of a sampled_image on the host.
template <typename DataT, int Dimensions>
class host_sampled_image_accessor : public detail::image_accessor_storage,
                                    public detail::image_accessor_properties {
  using io = detail::texel_io<DataT>;

public:
  using value_type = const DataT;
  using reference = const DataT &;
  using const_reference = const DataT &;

  template <typename AllocatorT>
  host_sampled_image_accessor(sampled_image<Dimensions, AllocatorT> &Image,
                              const property_list & = {}) {
    bind(Image, nullptr, access_mode::read, target::host_buffer, false);
  }

  template <typename CoordT> DataT read(const CoordT &Coords) const noexcept {
    static_assert(detail::float_coordinates_v<CoordT>,
                  "sampled reads take float coordinates (float, float2, float4)");
    return io::template sample<Dimensions>(texels(), MLayout, MLayout.sampler, Coords, 0);
  }

  friend bool operator==(const host_sampled_image_accessor &A,
                         const host_sampled_image_accessor &B) {
    return A.same(B);
  }
  friend bool operator!=(const host_sampled_image_accessor &A,
                         const host_sampled_image_accessor &B) {
    return !(A == B);
  }
};

// --- The deprecated accessors of the legacy image class -------------------------

namespace detail {

/// Reads (with or without a sampler) and writes of a legacy image accessor
/// or one layer of an image array.
template <typename Derived, typename DataT, int Dims, access_mode Mode> class legacy_image_access {
  using io = texel_io<DataT>;

public:
  /// Integer coordinates, no sampler.
  template <typename CoordT, access_mode M = Mode, typename = std::enable_if_t<reads_v<M>>>
  DataT read(const CoordT &Coords) const {
    static_assert(!float_coordinates_v<CoordT>,
                  "reads with float coordinates need a sampler: read(coords, sampler)");
    return io::template read<Dims>(self().texels(), self().MLayout, Coords, self().layer());
  }
  template <typename CoordT, access_mode M = Mode, typename = std::enable_if_t<reads_v<M>>>
  DataT read(const CoordT &Coords, const sampler &S) const {
    return io::template sample<Dims>(self().texels(), self().MLayout, bits_of(S), Coords,
                                     self().layer());
  }
  template <typename CoordT, access_mode M = Mode, typename = std::enable_if_t<writes_v<M>>>
  void write(const CoordT &Coords, const DataT &Color) const {
    io::template write<Dims>(self().texels(), self().MLayout, Coords, Color, self().layer());
  }

private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
};

/// One layer of an image_array accessor (accessor::operator[]).
template <typename DataT, int Dims, access_mode Mode>
class image_array_slice
    : public legacy_image_access<image_array_slice<DataT, Dims, Mode>, DataT, Dims, Mode> {
public:
  image_array_slice(unsigned char *Texels, const image_layout &Layout, int Layer)
      : MTexels(Texels), MLayout(Layout), MLayer(Layer) {}
  range<Dims> get_range() const {
    if constexpr (Dims == 1)
      return range<1>(size_t(MLayout.size[0]));
    else
      return range<2>(size_t(MLayout.size[0]), size_t(MLayout.size[1]));
  }

private:
  friend class legacy_image_access<image_array_slice, DataT, Dims, Mode>;
  unsigned char *texels() const { return MTexels; }
  int layer() const { return MLayer; }
  unsigned char *MTexels;
  image_layout MLayout;
  int MLayer;
};

/// range<Dims> of a layout's first Dims sizes.
template <int Dims> range<Dims> image_range(const image_layout &L) {
  if constexpr (Dims == 1)
    return range<1>(size_t(L.size[0]));
  else if constexpr (Dims == 2)
    return range<2>(size_t(L.size[0]), size_t(L.size[1]));
  else
    return range<3>(size_t(L.size[0]), size_t(L.size[1]), size_t(L.size[2]));
}

/// The interface of accessor<..., target::image | host_image | image_array>.
/// Image arrays read and write through operator[] only (one layer).
struct no_direct_access {};
template <typename DataT, int Dims, access_mode Mode, target Target>
class legacy_image_accessor
    : public image_accessor_storage,
      public std::conditional_t<
          Target == target::image_array, no_direct_access,
          legacy_image_access<legacy_image_accessor<DataT, Dims, Mode, Target>, DataT, Dims, Mode>> {
  static constexpr bool array = Target == target::image_array;
  static constexpr int ImageDims = array ? Dims + 1 : Dims;
  static_assert(Dims >= 1 && ImageDims <= 3, "image accessors have 1 to 3 dimensions "
                                             "(image arrays 1 or 2)");
  static_assert(Mode == access_mode::read || Mode == access_mode::write ||
                    Mode == access_mode::discard_write ||
                    (Target == target::host_image && Mode == access_mode::read_write),
                "legacy image accessors read, write or discard_write (host_image also "
                "read_write)");

public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;

  /// target::image and image_array: in a command group.
  template <typename AllocatorT, target T = Target, typename = std::enable_if_t<T != target::host_image>>
  legacy_image_accessor(image<ImageDims, AllocatorT> &Image, handler &H,
                        const property_list & = {}) {
    bind(Image, &H, Mode, target::device, discards_v<Mode>);
  }
  /// target::host_image: on the host, at once.
  template <typename AllocatorT, target T = Target, typename = std::enable_if_t<T == target::host_image>>
  explicit legacy_image_accessor(image<ImageDims, AllocatorT> &Image, const property_list & = {}) {
    bind(Image, nullptr, Mode, target::host_buffer, discards_v<Mode>);
  }

  range<ImageDims> get_range() const { return image_range<ImageDims>(MLayout); }
  size_t get_count() const noexcept { return size(); }
  size_t get_size() const noexcept { return size() * MLayout.texel_bytes; }
  size_t byte_size() const noexcept { return get_size(); }

  template <bool A = array, typename = std::enable_if_t<A>>
  image_array_slice<DataT, Dims, Mode> operator[](size_t Layer) const {
    return image_array_slice<DataT, Dims, Mode>(texels(), MLayout, int(Layer));
  }

  friend bool operator==(const legacy_image_accessor &A, const legacy_image_accessor &B) {
    return A.same(B);
  }
  friend bool operator!=(const legacy_image_accessor &A, const legacy_image_accessor &B) {
    return !(A == B);
  }

private:
  friend class legacy_image_access<legacy_image_accessor, DataT, Dims, Mode>;
  int layer() const { return 0; }
};

} // namespace detail

/// accessor<DataT, Dims, Mode, target::image>: a legacy image in a kernel.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder P>
class SMCP_IMAGE_SPECIAL_CLASS SMCP_IMAGE_KERNEL_PARAM
    accessor<DataT, Dimensions, AccessMode, target::image, P>
    : public detail::legacy_image_accessor<DataT, Dimensions, AccessMode, target::image> {
public:
  using detail::legacy_image_accessor<DataT, Dimensions, AccessMode,
                                      target::image>::legacy_image_accessor;
#ifdef __SYCL_DEVICE_ONLY__
  void __init(unsigned char *Texels) { this->MData = Texels; }
#endif
};

/// accessor<DataT, Dims, Mode, target::image_array>: the layers of a legacy
/// image of Dims + 1 dimensions in a kernel.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder P>
class SMCP_IMAGE_SPECIAL_CLASS SMCP_IMAGE_KERNEL_PARAM
    accessor<DataT, Dimensions, AccessMode, target::image_array, P>
    : public detail::legacy_image_accessor<DataT, Dimensions, AccessMode, target::image_array> {
public:
  using detail::legacy_image_accessor<DataT, Dimensions, AccessMode,
                                      target::image_array>::legacy_image_accessor;
#ifdef __SYCL_DEVICE_ONLY__
  void __init(unsigned char *Texels) { this->MData = Texels; }
#endif
};

/// accessor<DataT, Dims, Mode, target::host_image>: a legacy image on the host.
template <typename DataT, int Dimensions, access_mode AccessMode, access::placeholder P>
class accessor<DataT, Dimensions, AccessMode, target::host_image, P>
    : public detail::legacy_image_accessor<DataT, Dimensions, AccessMode, target::host_image> {
public:
  using detail::legacy_image_accessor<DataT, Dimensions, AccessMode,
                                      target::host_image>::legacy_image_accessor;
};

#undef SMCP_IMAGE_SPECIAL_CLASS
#undef SMCP_IMAGE_KERNEL_PARAM

} // namespace sycl

namespace std {
template <typename D, int N, sycl::access_mode M, sycl::image_target T>
struct hash<sycl::unsampled_image_accessor<D, N, M, T>> {
  size_t operator()(const sycl::unsampled_image_accessor<D, N, M, T> &A) const noexcept {
    return sycl::detail::header_access::hash_key(A);
  }
};
template <typename D, int N, sycl::access_mode M>
struct hash<sycl::host_unsampled_image_accessor<D, N, M>> {
  size_t operator()(const sycl::host_unsampled_image_accessor<D, N, M> &A) const noexcept {
    return sycl::detail::header_access::hash_key(A);
  }
};
template <typename D, int N, sycl::image_target T> struct hash<sycl::sampled_image_accessor<D, N, T>> {
  size_t operator()(const sycl::sampled_image_accessor<D, N, T> &A) const noexcept {
    return sycl::detail::header_access::hash_key(A);
  }
};
template <typename D, int N> struct hash<sycl::host_sampled_image_accessor<D, N>> {
  size_t operator()(const sycl::host_sampled_image_accessor<D, N> &A) const noexcept {
    return sycl::detail::header_access::hash_key(A);
  }
};
} // namespace std
