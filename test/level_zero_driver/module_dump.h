// module_dump.h - what lane 2 replays against Intel's compiler
// (test/level_zero_intel): with SMCP_ZE_TEST_DRIVER_DUMP=<dir>, the inputs of
// every zeModuleCreate and, per module, the kernels launched from it with the
// number of arguments the caller set.
//
// Files, named by a hash of the module's inputs (one set per distinct module,
// whatever process made it):
//   <key>.spv       the SPIR-V
//   <key>.module    "flags <build flags>", then "spec <id> <hex bytes>" per
//                   constant, as ze_module_constants_t passed it (as wide as
//                   the module's constant)
//   <key>.kernels   "<kernel> <arguments set>" per kernel launched (appended
//                   by every process; the replay removes repeats)
#pragma once

#include <level_zero/ze_api.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smcp::ze_test {

/// Writes the module's inputs when dumping; returns its key ("" otherwise).
/// sizes: the byte width of each spec constant the module declares, by id.
std::string dump_module(const std::vector<char> &spirv, const char *flags,
                        const ze_module_constants_t *constants,
                        const std::vector<std::pair<uint32_t, uint32_t>> &sizes);
/// Records that kernel `name` of the module `key` was launched with `args`
/// arguments set.
void dump_kernel(const std::string &key, const std::string &name, size_t args);

} // namespace smcp::ze_test
