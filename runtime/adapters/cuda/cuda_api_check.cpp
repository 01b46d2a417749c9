// cuda_api_check.cpp - compiled only where cuda.h is installed: fails to
// compile when a prototype, type or value of cuda_api.h differs from the
// driver's own header. Nothing here runs.
//
// Our declarations live in smcp::cuda, cuda.h's at global scope. Handle
// types are the same types in both (the driver's struct tags); our enums and
// CUDA_MEMCPY3D are our own types, so a function type is translated into
// cuda.h's vocabulary (theirs<>) before it is compared, and each translated
// type is itself checked (underlying type, layout).
//
// cuda_api.h comes first: cuda.h #defines some of the names it uses
// (cuMemAlloc -> cuMemAlloc_v2, CU_MEMHOSTALLOC_PORTABLE -> 0x01).
#include "cuda_api.h"

#include <cuda.h>

#include <cstddef>
#include <type_traits>

namespace {

namespace ours = smcp::cuda;

// theirs<T>: our type T as cuda.h spells it.
template <typename T> struct theirs { using type = T; }; // builtins and handles
template <typename T> using theirs_t = typename theirs<T>::type;
template <typename T> struct theirs<T *> { using type = theirs_t<T> *; };
template <typename T> struct theirs<const T> { using type = const theirs_t<T>; };
template <typename R, typename... A> struct theirs<R(A...)> {
  using type = theirs_t<R>(theirs_t<A>...);
};

#define SMCP_SAME_ENUM(our_type, their_type)                                                 \
  template <> struct theirs<ours::our_type> { using type = ::their_type; };                  \
  static_assert(std::is_same_v<std::underlying_type_t<ours::our_type>,                       \
                               std::underlying_type_t<::their_type>>,                        \
                #our_type " has another underlying type than cuda.h's");
SMCP_SAME_ENUM(CUresult, CUresult)
SMCP_SAME_ENUM(CUdevice_attribute, CUdevice_attribute)
SMCP_SAME_ENUM(CUfunction_attribute, CUfunction_attribute)
SMCP_SAME_ENUM(CUjit_option, CUjit_option)
SMCP_SAME_ENUM(CUmemorytype, CUmemorytype)
SMCP_SAME_ENUM(CUpointer_attribute, CUpointer_attribute)
SMCP_SAME_ENUM(CUresourcetype, CUresourcetype)
SMCP_SAME_ENUM(CUarray_format, CUarray_format)
SMCP_SAME_ENUM(CUaddress_mode, CUaddress_mode)
SMCP_SAME_ENUM(CUfilter_mode, CUfilter_mode)
#undef SMCP_SAME_ENUM

template <> struct theirs<ours::CUDA_MEMCPY3D> { using type = ::CUDA_MEMCPY3D; };
static_assert(sizeof(ours::CUDA_MEMCPY3D) == sizeof(::CUDA_MEMCPY3D));
#define SMCP_SAME_FIELD(field)                                                               \
  static_assert(offsetof(ours::CUDA_MEMCPY3D, field) == offsetof(::CUDA_MEMCPY3D, field),   \
                "CUDA_MEMCPY3D::" #field " is elsewhere in cuda.h");                         \
  static_assert(std::is_same_v<theirs_t<decltype(ours::CUDA_MEMCPY3D::field)>,               \
                               decltype(::CUDA_MEMCPY3D::field)>,                            \
                "CUDA_MEMCPY3D::" #field " has another type in cuda.h");
SMCP_SAME_FIELD(srcXInBytes)
SMCP_SAME_FIELD(srcY)
SMCP_SAME_FIELD(srcZ)
SMCP_SAME_FIELD(srcLOD)
SMCP_SAME_FIELD(srcMemoryType)
SMCP_SAME_FIELD(srcHost)
SMCP_SAME_FIELD(srcDevice)
SMCP_SAME_FIELD(srcArray)
SMCP_SAME_FIELD(reserved0)
SMCP_SAME_FIELD(srcPitch)
SMCP_SAME_FIELD(srcHeight)
SMCP_SAME_FIELD(dstXInBytes)
SMCP_SAME_FIELD(dstY)
SMCP_SAME_FIELD(dstZ)
SMCP_SAME_FIELD(dstLOD)
SMCP_SAME_FIELD(dstMemoryType)
SMCP_SAME_FIELD(dstHost)
SMCP_SAME_FIELD(dstDevice)
SMCP_SAME_FIELD(dstArray)
SMCP_SAME_FIELD(reserved1)
SMCP_SAME_FIELD(dstPitch)
SMCP_SAME_FIELD(dstHeight)
SMCP_SAME_FIELD(WidthInBytes)
SMCP_SAME_FIELD(Height)
SMCP_SAME_FIELD(Depth)
#undef SMCP_SAME_FIELD

// The texture descriptors, field by field (pitch2D: the union member we fill).
template <> struct theirs<ours::CUDA_RESOURCE_DESC> { using type = ::CUDA_RESOURCE_DESC; };
template <> struct theirs<ours::CUDA_TEXTURE_DESC> { using type = ::CUDA_TEXTURE_DESC; };
static_assert(sizeof(ours::CUDA_RESOURCE_DESC) == sizeof(::CUDA_RESOURCE_DESC));
static_assert(sizeof(ours::CUDA_TEXTURE_DESC) == sizeof(::CUDA_TEXTURE_DESC));
#define SMCP_SAME_FIELD(type, field)                                                         \
  static_assert(offsetof(ours::type, field) == offsetof(::type, field),                      \
                #type "::" #field " is elsewhere in cuda.h");                                \
  static_assert(sizeof(ours::type::field) == sizeof(::type::field),                          \
                #type "::" #field " has another size in cuda.h");
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, resType)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.devPtr)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.format)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.numChannels)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.width)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.height)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res.pitch2D.pitchInBytes)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, res)
SMCP_SAME_FIELD(CUDA_RESOURCE_DESC, flags)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, addressMode)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, filterMode)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, flags)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, maxAnisotropy)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, mipmapFilterMode)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, mipmapLevelBias)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, minMipmapLevelClamp)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, maxMipmapLevelClamp)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, borderColor)
SMCP_SAME_FIELD(CUDA_TEXTURE_DESC, reserved)
#undef SMCP_SAME_FIELD

// Plain types and handles are cuda.h's own.
static_assert(std::is_same_v<ours::CUdevice, ::CUdevice>);
static_assert(std::is_same_v<ours::CUdeviceptr, ::CUdeviceptr>);
static_assert(std::is_same_v<ours::CUcontext, ::CUcontext>);
static_assert(std::is_same_v<ours::CUstream, ::CUstream>);
static_assert(std::is_same_v<ours::CUevent, ::CUevent>);
static_assert(std::is_same_v<ours::CUmodule, ::CUmodule>);
static_assert(std::is_same_v<ours::CUfunction, ::CUfunction>);
static_assert(std::is_same_v<ours::CUarray, ::CUarray>);
static_assert(std::is_same_v<ours::CUtexObject, ::CUtexObject>);
static_assert(std::is_same_v<const ::CUDA_RESOURCE_VIEW_DESC_st *, const ::CUDA_RESOURCE_VIEW_DESC *>);

// Every value, against cuda.h's enumerator or #define of the same name.
#define SMCP_SAME_VALUE(name, value)                                                         \
  static_assert((long long)(value) == (long long)(name), #name " differs from cuda.h");
SMCP_CUDA_RESULT_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_DEVICE_ATTRIBUTE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_FUNCTION_ATTRIBUTE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_JIT_OPTION_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_MEMORY_TYPE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_POINTER_ATTRIBUTE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_RESOURCE_TYPE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_ARRAY_FORMAT_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_ADDRESS_MODE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_FILTER_MODE_VALUES(SMCP_SAME_VALUE)
SMCP_CUDA_FLAG_VALUES(SMCP_SAME_VALUE)
#undef SMCP_SAME_VALUE

constexpr bool same_text(const char *a, const char *b) {
  while (*a && *a == *b)
    ++a, ++b;
  return *a == *b;
}
#define SMCP_TEXT_OF(tokens) #tokens
#define SMCP_EXPANDED_TEXT(tokens) SMCP_TEXT_OF(tokens)

// Every function: the symbol we bind is the one cuda.h's #defines make of the
// name (cuMemAlloc -> cuMemAlloc_v2; a plain name where cuda.h versions it
// would bind an older ABI), and its prototype is cuda.h's.
#define SMCP_SAME_PROTOTYPE(name, symbol, params)                                            \
  static_assert(same_text(#symbol, SMCP_EXPANDED_TEXT(name)),                                \
                #name " is " SMCP_EXPANDED_TEXT(name) " in cuda.h, not " #symbol);           \
  static_assert(std::is_same_v<theirs_t<ours::name##_fn>, decltype(::symbol)>,               \
                #symbol " differs from cuda.h's prototype");
SMCP_CUDA_REQUIRED_FUNCTIONS(SMCP_SAME_PROTOTYPE)
SMCP_CUDA_OPTIONAL_FUNCTIONS(SMCP_SAME_PROTOTYPE)
#undef SMCP_SAME_PROTOTYPE

} // namespace
