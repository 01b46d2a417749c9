// Unsampled images (SYCL 2020 4.7.3, 4.7.6.10): for every image_format a
// kernel writes texels through an unsampled_image_accessor, the bytes that
// reach the host are checked against the format's encoding written out here,
// and a second kernel reads them back. Also: 1-, 2- and 3-dimensional
// images, row and slice pitches (padding left alone), reads outside the
// image (the border colour), host accessors, host_task accessors, and the
// write-back rules images share with buffers. On CUDA the 2-D reads of rgba
// images go through texture objects where the pitch allows one (nearest,
// unnormalized, border 0: the texels as they are).
// RUN: %syclcc -O2 %s -o %t && %t | FileCheck %s
// RUN: %if cuda %{ env SMCP_TRACE=1 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=CUDA %}
// CUDA: cuda.texture_create -> SMCP_SUCCESS
#include <sycl/sycl.hpp>

#include "Inputs/expect.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

using namespace sycl;

namespace {

enum class kind { real, sint, uint };

/// A format as this test knows it, independently of the headers.
struct format_case {
  const char *name;
  image_format format;
  kind k;
  int channel_bytes;
  bool bgra;
  bool half;
};

const format_case formats[] = {
    {"r8g8b8a8_unorm", image_format::r8g8b8a8_unorm, kind::real, 1, false, false},
    {"r16g16b16a16_unorm", image_format::r16g16b16a16_unorm, kind::real, 2, false, false},
    {"r8g8b8a8_sint", image_format::r8g8b8a8_sint, kind::sint, 1, false, false},
    {"r16g16b16a16_sint", image_format::r16g16b16a16_sint, kind::sint, 2, false, false},
    {"r32b32g32a32_sint", image_format::r32b32g32a32_sint, kind::sint, 4, false, false},
    {"r8g8b8a8_uint", image_format::r8g8b8a8_uint, kind::uint, 1, false, false},
    {"r16g16b16a16_uint", image_format::r16g16b16a16_uint, kind::uint, 2, false, false},
    {"r32b32g32a32_uint", image_format::r32b32g32a32_uint, kind::uint, 4, false, false},
    {"r16b16g16a16_sfloat", image_format::r16b16g16a16_sfloat, kind::real, 2, false, true},
    {"r32g32b32a32_sfloat", image_format::r32g32b32a32_sfloat, kind::real, 4, false, false},
    {"b8g8r8a8_unorm", image_format::b8g8r8a8_unorm, kind::real, 1, true, false},
};

/// Channel c of texel t: a code the format holds exactly, as the value a
/// kernel writes and the integer pattern of its stored channel.
int code(int t, int c) { return (t * 37 + c * 11) % 200; }

double value_of(const format_case &f, int t, int c) {
  const int k = code(t, c);
  switch (f.k) {
  case kind::sint:
    return f.channel_bytes == 1 ? k - 100 : f.channel_bytes == 2 ? (k - 100) * 300 : (k - 100) * 100000;
  case kind::uint:
    return f.channel_bytes == 1 ? k : f.channel_bytes == 2 ? k * 300 : k * 3000000.0;
  case kind::real:
    if (f.half)
      return (k - 100) / 4.0;
    if (f.channel_bytes == 4)
      return (k - 100) * 0.375;
    return f.channel_bytes == 1 ? k / 255.0 : k * 300 / 65535.0;
  }
  return 0;
}

/// The bytes channel c of texel t takes in memory (little-endian).
uint32_t stored_bits(const format_case &f, int t, int c) {
  const double v = value_of(f, t, c);
  if (f.k != kind::real)
    return uint32_t(int64_t(v));
  if (f.half) {
    sycl::half h = sycl::half(float(v));
    uint16_t b;
    std::memcpy(&b, &h, 2);
    return b;
  }
  if (f.channel_bytes == 4) {
    float x = float(v);
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
  }
  return uint32_t(f.channel_bytes == 1 ? code(t, c) : code(t, c) * 300);
}

template <typename DataT> DataT color(const format_case &f, int t) {
  using E = typename DataT::element_type;
  return DataT(E(value_of(f, t, 0)), E(value_of(f, t, 1)), E(value_of(f, t, 2)),
               E(value_of(f, t, 3)));
}

template <typename DataT> bool same(const DataT &A, const DataT &B) {
  for (int C = 0; C < 4; ++C)
    if (A[C] != B[C])
      return false;
  return true;
}

/// Writes and reads back a W x H image of format f in two kernels, with a
/// row pitch `pad` texels wider than the row.
template <typename DataT> void write_and_read(queue &Q, const format_case &f, size_t pad) {
  constexpr int W = 5, H = 3;
  const size_t texel = 4 * size_t(f.channel_bytes), pitch = (W + pad) * texel;
  std::vector<unsigned char> host(pitch * H, 0xab);
  std::vector<DataT> colors(W * H), back(W * H);
  for (int t = 0; t < W * H; ++t)
    colors[t] = color<DataT>(f, t);
  {
    unsampled_image<2> img(host.data(), f.format, range<2>(W, H), range<1>(pitch));
    buffer<DataT> in(colors.data(), range<1>(W * H)), out(back.data(), range<1>(W * H));
    Q.submit([&](handler &h) {
      unsampled_image_accessor<DataT, 2, access_mode::write> acc(img, h);
      accessor c(in, h, read_only);
      h.parallel_for(range<2>(H, W), [=](id<2> i) {
        const int x = int(i[1]), y = int(i[0]);
        acc.write(int2(x, y), c[y * W + x]);
      });
    });
    Q.submit([&](handler &h) {
      auto acc = img.template get_access<DataT, access_mode::read>(h);
      accessor o(out, h, write_only);
      h.parallel_for(range<2>(H, W), [=](id<2> i) {
        const int x = int(i[1]), y = int(i[0]);
        o[y * W + x] = acc.read(int2(x, y));
      });
    });
  }
  int wrong_bytes = 0, wrong_reads = 0;
  for (int t = 0; t < W * H; ++t) {
    const unsigned char *p = host.data() + (t / W) * pitch + (t % W) * texel;
    for (int c = 0; c < 4; ++c) {
      const int slot = f.bgra && c < 3 ? 2 - c : c;
      uint32_t got = 0;
      std::memcpy(&got, p + slot * f.channel_bytes, f.channel_bytes);
      const uint32_t mask = f.channel_bytes == 4 ? ~0u : (1u << (8 * f.channel_bytes)) - 1;
      wrong_bytes += got != (stored_bits(f, t, c) & mask);
    }
    wrong_reads += !same(back[t], colors[t]);
  }
  int padding_touched = 0;
  for (int y = 0; y < H; ++y)
    for (size_t b = W * texel; b < pitch; ++b)
      padding_touched += host[y * pitch + b] != 0xab;
  std::printf("%s: stored %s, read back %s\n", f.name, wrong_bytes ? "WRONG" : "ok",
              wrong_reads ? "WRONG" : "ok");
  EXPECT(wrong_bytes == 0 && wrong_reads == 0 && padding_touched == 0);
}

void every_format(queue &Q) {
  for (const format_case &f : formats) {
    if (f.k == kind::sint)
      write_and_read<int4>(Q, f, 0);
    else if (f.k == kind::uint)
      write_and_read<uint4>(Q, f, 3);
    else
      write_and_read<float4>(Q, f, f.channel_bytes == 1 ? 1 : 0);
  }
}

/// 1-D and 3-D images (int and int4 coordinates), and a 3-D slice pitch.
void one_and_three_dimensions(queue &Q) {
  std::vector<int32_t> line(4 * 7);
  {
    unsampled_image<1> img(line.data(), image_format::r32b32g32a32_sint, range<1>(7));
    Q.submit([&](handler &h) {
      unsampled_image_accessor<int4, 1, access_mode::write> acc(img, h);
      h.parallel_for(range<1>(7), [=](id<1> i) {
        const int x = int(i[0]);
        acc.write(x, int4(x, -x, x * x, 7));
      });
    });
  }
  EXPECT(line[4 * 6 + 0] == 6 && line[4 * 6 + 1] == -6 && line[4 * 6 + 2] == 36 && line[4 * 6 + 3] == 7);

  constexpr int W = 3, H = 2, D = 4;
  const size_t slice = W * H * 16 + W * 16; // a row of padding after each slice
  std::vector<unsigned char> vol(slice * D, 0);
  buffer<float4> out(range<1>(W * H * D));
  {
    unsampled_image<3> img(vol.data(), image_format::r32g32b32a32_sfloat, range<3>(W, H, D),
                           range<2>(W * 16, slice));
    Q.submit([&](handler &h) {
      unsampled_image_accessor<float4, 3, access_mode::write> acc(img, h);
      h.parallel_for(range<3>(D, H, W), [=](id<3> i) {
        const int x = int(i[2]), y = int(i[1]), z = int(i[0]);
        acc.write(int4(x, y, z, 0), float4(x, y, z, x + 10 * y + 100 * z));
      });
    });
    Q.submit([&](handler &h) {
      unsampled_image_accessor<float4, 3, access_mode::read> acc(img, h);
      accessor o(out, h, write_only);
      h.parallel_for(range<3>(D, H, W), [=](id<3> i) {
        o[(i[0] * H + i[1]) * W + i[2]] = acc.read(int4(int(i[2]), int(i[1]), int(i[0]), 0));
      });
    });
  }
  host_accessor o(out);
  int wrong = 0;
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        wrong += o[(z * H + y) * W + x][3] != float(x + 10 * y + 100 * z);
  float stored;
  std::memcpy(&stored, vol.data() + 3 * slice + (1 * W + 2) * 16 + 12, 4);
  EXPECT(wrong == 0 && stored == 312.0f);
  std::printf("1-D and 3-D: %s\n", wrong == 0 && stored == 312.0f ? "ok" : "WRONG");
}

/// Reads outside the image give the border colour: the formats here have
/// alpha, so (0, 0, 0, 0).
void outside_reads(queue &Q) {
  std::vector<float> texels(4 * 4, 1.0f);
  unsampled_image<2> img(texels.data(), image_format::r32g32b32a32_sfloat, range<2>(2, 2));
  buffer<float4> out(range<1>(3));
  Q.submit([&](handler &h) {
    unsampled_image_accessor<float4, 2, access_mode::read> acc(img, h);
    accessor o(out, h, write_only);
    h.single_task([=] {
      o[0] = acc.read(int2(-1, 0));
      o[1] = acc.read(int2(1, 2));
      o[2] = acc.read(int2(1, 1));
    });
  });
  host_accessor o(out);
  EXPECT(o[0][0] == 0 && o[0][3] == 0 && o[1][3] == 0 && o[2][0] == 1 && o[2][3] == 1);
}

/// Host accessors (read_write: read, then write for the next kernel) and a
/// host_task image accessor, in order with the kernels around them.
void host_side_access(queue &Q) {
  unsampled_image<2> img(image_format::r32b32g32a32_uint, range<2>(4, 4));
  Q.submit([&](handler &h) {
    unsampled_image_accessor<uint4, 2, access_mode::write> acc(img, h);
    h.parallel_for(range<2>(4, 4), [=](id<2> i) {
      acc.write(int2(int(i[1]), int(i[0])), uint4(i[1], i[0], 0, 1));
    });
  });
  {
    host_unsampled_image_accessor<uint4, 2> acc(img);
    EXPECT(acc.read(int2(3, 1))[0] == 3 && acc.read(int2(3, 1))[1] == 1);
    acc.write(int2(3, 1), uint4(42, 0, 0, 0));
    EXPECT(acc.size() == 16);
  }
  buffer<unsigned> seen(range<1>(1));
  Q.submit([&](handler &h) {
    unsampled_image_accessor<uint4, 2, access_mode::read, image_target::host_task> acc(img, h);
    accessor s(seen, h, write_only_host_task);
    h.host_task([=] { s[0] = acc.read(int2(3, 1))[0]; });
  });
  EXPECT(host_accessor(seen)[0] == 42);
  std::printf("host access: %s\n", host_accessor(seen)[0] == 42 ? "ok" : "WRONG");
}

/// The write-back rules of buffers: set_final_data elsewhere, set_write_back(false),
/// and a shared_ptr the user still holds.
void write_back_rules(queue &Q) {
  auto fill = [&](unsampled_image<1> &img, float v) {
    Q.submit([&](handler &h) {
      unsampled_image_accessor<float4, 1, access_mode::write> acc(img, h);
      h.parallel_for(range<1>(2), [=](id<1> i) { acc.write(int(i[0]), float4(v)); });
    });
  };
  std::vector<float> a(8, 0.0f), b(8, 0.0f), c(8, 0.0f);
  {
    unsampled_image<1> img(a.data(), image_format::r32g32b32a32_sfloat, range<1>(2));
    img.set_final_data(b.data());
    fill(img, 1.0f);
  }
  {
    unsampled_image<1> img(c.data(), image_format::r32g32b32a32_sfloat, range<1>(2));
    img.set_write_back(false);
    fill(img, 2.0f);
  }
  std::shared_ptr<void> shared(new float[8](), [](void *p) { delete[] static_cast<float *>(p); });
  {
    unsampled_image<1> img(shared, image_format::r32g32b32a32_sfloat, range<1>(2));
    fill(img, 3.0f);
  }
  const float *s = static_cast<const float *>(shared.get());
  // (a itself is the image's memory while it lives: its contents are unspecified.)
  const bool ok = b[7] == 1.0f && c[0] == 0.0f && s[5] == 3.0f;
  EXPECT(ok);
  std::printf("write-back rules: %s\n", ok ? "ok" : "WRONG");
}

/// A command group that writes an image and reads it back through a second
/// accessor sees its own writes: where the backend would read through a
/// texture, which does not see the kernel's stores, it reads in code.
void read_own_writes(queue &Q) {
  constexpr int N = 64;
  std::vector<float> texels(4 * N * N, 1.0f);
  unsampled_image<2> img(texels.data(), image_format::r32g32b32a32_sfloat, range<2>(N, N));
  buffer<int> wrong(range<1>(1));
  Q.submit([&](handler &h) {
    unsampled_image_accessor<float4, 2, access_mode::write> w(img, h);
    unsampled_image_accessor<float4, 2, access_mode::read> r(img, h);
    accessor bad(wrong, h, write_only);
    h.single_task([=] {
      int n = 0;
      for (int y = 0; y < N; ++y)
        for (int x = 0; x < N; ++x) {
          w.write(int2(x, y), float4(float(x + N * y)));
          n += r.read(int2(x, y))[0] != float(x + N * y);
        }
      bad[0] = n;
    });
  });
  const int n = host_accessor(wrong)[0];
  EXPECT(n == 0);
  std::printf("own writes: %s\n", n == 0 ? "ok" : "WRONG");
}

} // namespace

int main() {
  queue Q;
  EXPECT(Q.get_device().has(aspect::image));
  every_format(Q);
  // CHECK: r8g8b8a8_unorm: stored ok, read back ok
  // CHECK: r32b32g32a32_sint: stored ok, read back ok
  // CHECK: r16b16g16a16_sfloat: stored ok, read back ok
  // CHECK: b8g8r8a8_unorm: stored ok, read back ok
  one_and_three_dimensions(Q);
  // CHECK: 1-D and 3-D: ok
  outside_reads(Q);
  read_own_writes(Q);
  // CHECK: own writes: ok
  host_side_access(Q);
  // CHECK: host access: ok
  write_back_rules(Q);
  // CHECK: write-back rules: ok
  std::printf("failures: %d\n", expect_failures());
  // CHECK: failures: 0
  return expect_failures() != 0;
}
