#!/usr/bin/env python3
"""Runs a program (Inputs/ze_faults.cpp) through the Level Zero test driver
once per call kind, with that kind's first call failing
(SMCP_ZE_TEST_DRIVER_FAIL=<call>:1), and checks what the adapter and libsycl
made of it: the program ends by itself (no hang, no crash), the failure
reached it as a SYCL exception naming the ze call and its result (USM
allocations: a null pointer, as SYCL specifies), and the record shows
nothing leaked (allocations freed, command lists destroyed) and no Level
Zero rule broken. Usage: ze_fault_injection.py <program> <work dir>"""
import collections
import os
import subprocess
import sys

# call -> what the program must say: the call's name, or "null" for the
# allocations (sycl::malloc_* returns nullptr), or None (the failure costs
# nothing visible: the program's results are still right).
EXPECTED = {
    "zeContextCreate": "zeContextCreate",
    "zeCommandListCreateImmediate": "zeCommandListCreateImmediate",
    "zeMemAllocShared": "null",
    "zeMemAllocDevice": "null",
    "zeModuleCreate": "zeModuleCreate",
    "zeKernelCreate": "zeKernelCreate",
    "zeKernelSetIndirectAccess": "zeKernelSetIndirectAccess",
    "zeKernelGetProperties": "zeKernelGetProperties",
    "zeKernelSuggestGroupSize": "zeKernelSuggestGroupSize",
    "zeKernelSetGroupSize": "zeKernelSetGroupSize",
    "zeKernelSetArgumentValue": "zeKernelSetArgumentValue",
    "zeCommandListAppendLaunchKernel": "zeCommandListAppendLaunchKernel",
    "zeCommandListAppendMemoryCopy": "zeCommandListAppendMemoryCopy",
    "zeCommandListAppendMemoryFill": "zeCommandListAppendMemoryFill",
    "zeEventPoolCreate": "zeEventPoolCreate",
    "zeEventCreate": "zeEventCreate",
    "zeEventHostSynchronize": "zeEventHostSynchronize",
    "zeEventHostReset": None,
    "zeModuleBuildLogGetString": None,
}
RESULT = "ZE_RESULT_ERROR_DEVICE_LOST"


def check(program, work, call, expected):
    record = os.path.join(work, call + ".record")
    if os.path.exists(record):
        os.remove(record)
    env = dict(os.environ, SMCP_ZE_TEST_DRIVER_RECORD=record, SMCP_ZE_TEST_DRIVER_FAIL=call + ":1",
               ONEAPI_DEVICE_SELECTOR="level_zero:0")
    try:
        run = subprocess.run([program], env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return [f"{call}: the program hung"]
    problems = []
    out = run.stdout
    if run.returncode != 0:
        problems.append(f"{call}: exit status {run.returncode}\n{out}{run.stderr}")
    lines = open(record).read().splitlines() if os.path.exists(record) else []
    if not any(l.endswith(call + " -> injected failure") for l in lines):
        problems.append(f"{call}: the program never made the call")
    if expected == "null":
        if "USM allocation returned null" not in out:
            problems.append(f"{call}: no null pointer from sycl::malloc_*:\n{out}")
    elif expected:
        if not any(expected in l and RESULT in l for l in out.splitlines() if l.startswith("caught:")):
            problems.append(f"{call}: no SYCL exception naming {expected} and {RESULT}:\n{out}")
    elif "result 8 263" not in out:
        problems.append(f"{call}: the failure changed the program's results:\n{out}")
    calls = collections.Counter()
    for l in lines:
        parts = l.split()
        if len(parts) >= 2 and not l.endswith("injected failure"):
            calls[parts[1]] += 1
        if "rule broken" in l or l.startswith("leak:"):
            problems.append(f"{call}: {l}")
    allocated = sum(calls[c] for c in ("zeMemAllocShared", "zeMemAllocDevice", "zeMemAllocHost"))
    if allocated != calls["zeMemFree"]:
        problems.append(f"{call}: {allocated} USM allocations, {calls['zeMemFree']} freed")
    if calls["zeCommandListCreateImmediate"] != calls["zeCommandListDestroy"]:
        problems.append(f"{call}: {calls['zeCommandListCreateImmediate']} command lists made, "
                        f"{calls['zeCommandListDestroy']} destroyed")
    return problems


def main():
    program, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    problems = []
    for call, expected in EXPECTED.items():
        found = check(program, work, call, expected)
        print(f"{call}: {'ok' if not found else 'FAILED'}")
        problems += found
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
