#!/usr/bin/env python3
"""Runs a program (Inputs/ze_faults.cpp) through the Level Zero test driver:
once in record mode to learn every kind of ze call it makes, then once per
call kind with that kind's first call failing
(SMCP_ZE_TEST_DRIVER_FAIL=<call>:1, ZE_RESULT_ERROR_DEVICE_LOST), and checks
what the adapter and libsycl made of each failure: the program ends by
itself (no hang, no crash); the failure reached it as a SYCL exception
naming the ze call and its result, mapped to SMCP_ERROR_DEVICE_LOST (USM
allocations: a null pointer, as SYCL specifies; the few calls listed in
SILENT: nothing visible, the results still right); no Level Zero rule
broken; and nothing leaked: of each kind of object (USM allocations,
contexts, command lists, event pools, events, modules, build logs,
kernels) no more is left alive than the run without a failure leaves
(libsycl keeps its default context, and what lives in it, until the
process ends). Usage: ze_fault_injection.py <program> <work dir>"""
import collections
import os
import subprocess
import sys

RESULT = "ZE_RESULT_ERROR_DEVICE_LOST"
# What the adapter maps RESULT to: a zeInit failure makes the backend unusable.
MAPPED = collections.defaultdict(lambda: "SMCP_ERROR_DEVICE_LOST",
                                 zeInit="SMCP_ERROR_UNINITIALIZED")
NULL = {"zeMemAllocShared", "zeMemAllocDevice", "zeMemAllocHost"}
# Calls whose failure the program cannot see (traced only), and why.
SILENT = {
    "zeEventHostReset": "a released event that cannot be reset is never reused",
    "zeModuleBuildLogGetString": "the log of a build that succeeded is only traced",
    "zeModuleBuildLogDestroy": "a clean-up path",
    "zeCommandListDestroy": "a clean-up path (queue release)",
    "zeMemFree": "sycl::free reports nothing",
    "zeMemGetAllocProperties": "sycl::free reports nothing (the allocation is freed all the same)",
}
# Objects: the calls that make one and the calls that destroy one.
OBJECTS = {
    "USM allocations": (("zeMemAllocShared", "zeMemAllocDevice", "zeMemAllocHost"), ("zeMemFree",)),
    "contexts": (("zeContextCreate",), ("zeContextDestroy",)),
    "command lists": (("zeCommandListCreateImmediate",), ("zeCommandListDestroy",)),
    "event pools": (("zeEventPoolCreate",), ("zeEventPoolDestroy",)),
    "events": (("zeEventCreate",), ("zeEventDestroy",)),
    "modules": (("zeModuleCreate",), ("zeModuleDestroy",)),
    "build logs": (("zeModuleCreate",), ("zeModuleBuildLogDestroy",)),
    "kernels": (("zeKernelCreate",), ("zeKernelDestroy",)),
}


def run(program, work, name, fault=None):
    """The program's output, exit status and recorded lines (None: it hung)."""
    record = os.path.join(work, name + ".record")
    if os.path.exists(record):
        os.remove(record)
    env = dict(os.environ, SMCP_ZE_TEST_DRIVER_RECORD=record, ONEAPI_DEVICE_SELECTOR="level_zero:0")
    env.pop("SMCP_ZE_TEST_DRIVER_FAIL", None)
    if fault:
        env["SMCP_ZE_TEST_DRIVER_FAIL"] = fault + ":1"
    try:
        p = subprocess.run([program], env=env, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None
    lines = open(record).read().splitlines() if os.path.exists(record) else []
    return p.stdout, p.stderr, p.returncode, lines


def calls_of(lines):
    """Calls that went through (injected failures excluded), by name."""
    calls = collections.Counter()
    for l in lines:
        parts = l.split()
        if len(parts) >= 2 and parts[0].isdigit() and not l.endswith("injected failure"):
            calls[parts[1]] += 1
    return calls


def alive(calls):
    return {kind: sum(calls[c] for c in make) - sum(calls[c] for c in destroy)
            for kind, (make, destroy) in OBJECTS.items()}


def check(call, outcome, expected_result, baseline):
    if outcome is None:
        return [f"{call}: the program hung"]
    out, err, status, lines = outcome
    problems = []
    if status != 0:
        problems.append(f"{call}: exit status {status}\n{out}{err}")
    if not any(l.endswith(call + " -> injected failure") for l in lines):
        problems.append(f"{call}: the program never made the call")
    caught = [l for l in out.splitlines() if l.startswith("caught:")]
    if call in NULL:
        if "USM allocation returned null" not in out:
            problems.append(f"{call}: no null pointer from sycl::malloc_*:\n{out}")
    elif call in SILENT:
        if caught or expected_result not in out:
            problems.append(f"{call}: the failure changed the program's results:\n{out}")
    elif not caught or not any(call in l and RESULT in l and MAPPED[call] in l
                               for l in out.splitlines()):
        # (an exception's text may span lines: one per adapter tried)
        problems.append(f"{call}: no SYCL exception naming {call} and {RESULT} as "
                        f"{MAPPED[call]}:\n{out}")
    for l in lines:
        if "rule broken" in l or l.startswith("leak:"):
            problems.append(f"{call}: {l}")
    for kind, n in alive(calls_of(lines)).items():
        # A destroy that failed leaves its object: the driver kept it.
        allowed = baseline[kind] + (call in OBJECTS[kind][1])
        if n > allowed:
            problems.append(f"{call}: {n} {kind} left alive, {baseline[kind]} without a failure")
    return problems


def main():
    program, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    clean = run(program, work, "no-failure")
    if clean is None or clean[2] != 0 or "caught:" in clean[0]:
        print(f"the program fails without a fault: {clean}")
        return 1
    result = next(l for l in clean[0].splitlines() if l.startswith("result "))
    calls = calls_of(clean[3])
    baseline = alive(calls)
    print(f"{len(calls)} kinds of ze call; {result}")
    problems = []
    for call in sorted(calls):
        found = check(call, run(program, work, call, call), result, baseline)
        print(f"{call}: {'ok' if not found else 'FAILED'}")
        problems += found
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
