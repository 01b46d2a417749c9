// Image accessors used against the rules are compile errors naming the rule,
// and a device image accessor's texels read in a host task end the program
// with errc::accessor's message instead of reading through a null pointer.
// RUN: not %syclcc -c -DREAD_WRITE_DEVICE_ACCESSOR %s -o %t.o 2>&1 | FileCheck --check-prefix=RW %s
// RW: an unsampled_image_accessor reads (access_mode::read) or writes (access_mode::write)
// RUN: not %syclcc -c -DSCALAR_TEXELS %s -o %t.o 2>&1 | FileCheck --check-prefix=DATA %s
// DATA: image accessors read and write int4, uint4, float4 or half4 texels
// RUN: not %syclcc -c -DSAMPLED_INT_COORDINATES %s -o %t.o 2>&1 | FileCheck --check-prefix=COORD %s
// COORD: sampled reads take float coordinates (float, float2, float4)
// RUN: not %syclcc -c -DLEGACY_FLOAT_WITHOUT_SAMPLER %s -o %t.o 2>&1 | FileCheck --check-prefix=LEGACY %s
// LEGACY: reads with float coordinates need a sampler: read(coords, sampler)
// RUN: not %syclcc -c -DTOO_FEW_COORDINATES %s -o %t.o 2>&1 | FileCheck --check-prefix=FEW %s
// FEW: a scalar coordinate addresses a 1-dimensional image
// RUN: not %syclcc -c -DUNSAMPLED_FLOAT_COORDINATES %s -o %t.o 2>&1 | FileCheck --check-prefix=UFLOAT %s
// UFLOAT: reads without a sampler take integer coordinates (int, int2, int4)
// RUN: not %syclcc -c -DARRAY_WITHOUT_LAYER %s -o %t.o 2>&1 | FileCheck --check-prefix=ARRAY %s
// ARRAY: no member named 'read'
// RUN: not %syclcc -c -DHOST_IMAGE_IN_COMMAND_GROUP %s -o %t.o 2>&1 | FileCheck --check-prefix=HOSTIMG %s
// HOSTIMG: no matching constructor
// RUN: %syclcc -O2 %s -o %t && not --crash %t 2>&1 | FileCheck --check-prefix=HOST %s
// HOST: a target::device accessor was used on the host
#include <sycl/sycl.hpp>

using namespace sycl;

int main() {
  queue Q;
  std::vector<float> texels(4 * 4, 0.0f);
  unsampled_image<2> img(texels.data(), image_format::r32g32b32a32_sfloat, range<2>(2, 2));
  sampled_image<2> smp(texels.data(), image_format::r32g32b32a32_sfloat,
                       image_sampler{addressing_mode::clamp, coordinate_normalization_mode::unnormalized,
                                     filtering_mode::nearest},
                       range<2>(2, 2));
  image<2> legacy(texels.data(), image_channel_order::rgba, image_channel_type::fp32, range<2>(2, 2));
  Q.submit([&](handler &h) {
#if defined(READ_WRITE_DEVICE_ACCESSOR)
    unsampled_image_accessor<float4, 2, access_mode::read_write> acc(img, h);
    h.single_task([=] { (void)acc.size(); });
#elif defined(SCALAR_TEXELS)
    unsampled_image_accessor<float, 2, access_mode::read> acc(img, h);
    h.single_task([=] { (void)acc.read(int2(0, 0)); });
#elif defined(SAMPLED_INT_COORDINATES)
    sampled_image_accessor<float4, 2> acc(smp, h);
    h.single_task([=] { (void)acc.read(int2(0, 0)); });
#elif defined(LEGACY_FLOAT_WITHOUT_SAMPLER)
    auto acc = legacy.get_access<float4, access_mode::read>(h);
    h.single_task([=] { (void)acc.read(float2(0, 0)); });
#elif defined(TOO_FEW_COORDINATES)
    unsampled_image_accessor<float4, 2, access_mode::read> acc(img, h);
    h.single_task([=] { (void)acc.read(0); });
#elif defined(UNSAMPLED_FLOAT_COORDINATES)
    unsampled_image_accessor<float4, 2, access_mode::read> acc(img, h);
    h.single_task([=] { (void)acc.read(float2(0, 0)); });
#elif defined(ARRAY_WITHOUT_LAYER)
    accessor<float4, 1, access_mode::read, target::image_array> acc(legacy, h);
    h.single_task([=] { (void)acc.read(int2(0, 1)); }); // acc[1].read(0) reads layer 1
#elif defined(HOST_IMAGE_IN_COMMAND_GROUP)
    accessor<float4, 2, access_mode::read, target::host_image> acc(legacy, h);
#else
    // A device accessor captured by a host task has no texels on the host.
    unsampled_image_accessor<float4, 2, access_mode::read> acc(img, h);
    h.host_task([=] { (void)acc.read(int2(0, 0)); });
#endif
  });
  Q.wait();
  return 0;
}
