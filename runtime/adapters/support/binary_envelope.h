// binary_envelope.h - the bytes an adapter's program_get_binary returns:
// the driver's native binary behind a small header of the adapter's own.
//
// Drivers trust their binaries: PoCL asserts (the process aborts) on a cut
// one, and Intel's Level Zero driver may end the process on bytes it does
// not expect. adapter_abi.h promises a failed call instead, so the adapter
// wraps the binary ("SMCPNBIN", its size and a 64-bit FNV-1a checksum) and
// hands the driver only bytes that unwrap whole.
#pragma once

#include "../adapter_abi.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace smcp::adapter {

constexpr size_t binary_envelope_header = 24;

/// Writes the envelope's header for `size` native bytes at `out` (24 bytes).
void write_binary_envelope(const void *native, size_t size, void *out);

/// The native binary inside `bytes`, or false with the reason.
bool open_binary_envelope(const void *bytes, size_t size, const void **native,
                          size_t *native_size, std::string &why);

/// program_get_binary's answer for a native binary of native_size bytes:
/// *size_ret gets the enveloped size; when value holds it, fetch(dest) writes
/// the native bytes at dest (behind the header) and the header follows.
template <typename Fetch>
smcp_result answer_enveloped_binary(size_t native_size, size_t size, void *value,
                                    size_t *size_ret, Fetch fetch) {
  const size_t whole = binary_envelope_header + native_size;
  if (size_ret)
    *size_ret = whole;
  if (!value || size < whole)
    return SMCP_SUCCESS;
  auto *out = static_cast<uint8_t *>(value);
  if (smcp_result r = fetch(out + binary_envelope_header); r != SMCP_SUCCESS)
    return r;
  write_binary_envelope(out + binary_envelope_header, native_size, out);
  return SMCP_SUCCESS;
}

} // namespace smcp::adapter
