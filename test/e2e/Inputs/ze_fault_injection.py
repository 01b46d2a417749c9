#!/usr/bin/env python3
"""Runs a program (Inputs/ze_faults.cpp) through the Level Zero test driver:
once in record mode to learn every kind of ze call it makes and how often,
then once per failure to inject: for each call kind its 1st, 2nd, 3rd,
middle and last call, one at a time (SMCP_ZE_TEST_DRIVER_FAIL=<call>:<n>,
ZE_RESULT_ERROR_DEVICE_LOST), and checks what the adapter and libsycl made
of each failure: the program ends by itself (no hang, no crash); the
runtime stays usable (the program's last step, a new queue running a
kernel, works unless the failure hit that step itself or the discovery of
devices); the failure reached it as a SYCL exception
naming the ze call and its result, mapped to SMCP_ERROR_DEVICE_LOST (USM
allocations: a null pointer, as SYCL specifies; the few calls listed in
SILENT: nothing visible, the results still right); no Level Zero rule
broken; and nothing leaked: of each kind of object (USM allocations,
contexts, command lists, event pools, events, modules, build logs,
kernels) no more is left alive than the run without a failure leaves
(libsycl keeps its default context, and what lives in it, until the
process ends). Usage: ze_fault_injection.py <program> <work dir>

With --whole <program> <work dir> <source>, <program> is any SYCL program
(an e2e test, built from <source>, whose CHECK lines say what it must
print): for each failure the program either ends as it should (status 0,
its output passes FileCheck against <source>: the runtime absorbed the
failure) or the failure reached the user naming the ze call and its result (an
exception it did not catch, or an asynchronous error without a handler,
both of which end it as SYCL says); never a crash of another kind, a hang
or a broken Level Zero rule. A program that dereferences the null pointer
sycl::malloc_* returned when its allocation failed is its own fault."""
import collections
import os
import shutil
import subprocess
import sys

RESULT = "ZE_RESULT_ERROR_DEVICE_LOST"
# What the adapter maps RESULT to: a zeInit failure makes the backend unusable.
MAPPED = collections.defaultdict(lambda: "SMCP_ERROR_DEVICE_LOST",
                                 zeInit="SMCP_ERROR_UNINITIALIZED")
# USM allocations: sycl::malloc_* gives a null pointer, as SYCL specifies
# (an allocation of the runtime's own, e.g. a buffer's, fails its command).
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
# Calls whose failure the runtime may absorb by asking again another way:
# then the program sees nothing and its results are right; otherwise the
# failure reaches it as an exception like any other.
EITHER = {
    "zeCommandListAppendBarrier": "a queue's wait for all its work falls back to each event's wait",
    "zeEventHostSynchronize": "a failed wait for many events falls back to a wait per event",
    "zeEventQueryStatus": "a failed poll of the runtime's own counts as not finished yet",
}
# Calls a host wait is made of (a barrier with a host-visible event stands in
# for a device-only one): when one fails, the memory of the commands waited
# for stays allocated for good, since they may still be running.
WAITS = {"zeEventHostSynchronize", "zeCommandListAppendBarrier"}
# Calls made while devices are discovered: failing one leaves no Level Zero
# device for the rest of the process, so nothing can recover.
DISCOVERY = {"zeInit", "zeDriverGet", "zeDeviceGetComputeProperties", "zeDriverGetApiVersion", "zeDriverGetProperties",
             "zeDriverGetExtensionProperties", "zeDeviceGet", "zeDeviceGetProperties",
             "zeDeviceGetSubDevices", "zeDeviceGetModuleProperties", "zeDeviceGetMemoryProperties",
             "zeDeviceGetMemoryAccessProperties", "zeDeviceGetCommandQueueGroupProperties"}
RECOVERED = "recovered 42"
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


def nths(count):
    """Which of a call kind's `count` calls to fail, one run each."""
    return sorted({n for n in (1, 2, 3, (count + 1) // 2, count) if 1 <= n <= count})


def run(program, work, name, fault=None):
    """The program's output, exit status and recorded lines (None: it hung)."""
    record = os.path.join(work, name + ".record")
    if os.path.exists(record):
        os.remove(record)
    env = dict(os.environ, SMCP_ZE_TEST_DRIVER_RECORD=record, ONEAPI_DEVICE_SELECTOR="level_zero:0")
    env.pop("SMCP_ZE_TEST_DRIVER_FAIL", None)
    if fault:
        env["SMCP_ZE_TEST_DRIVER_FAIL"] = fault
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


def check(call, nth, outcome, expected_result, baseline):
    what = f"{call} (call {nth})"
    if outcome is None:
        return [f"{what}: the program hung"]
    out, err, status, lines = outcome
    problems = []
    if status != 0:
        problems.append(f"{what}: exit status {status}\n{out}{err}")
    if not any(l.endswith(call + " -> injected failure") for l in lines):
        # How often a program polls or waits depends on timing: a later
        # call may not come in this run; the first always does.
        return [f"{what}: the program never made the call"] if nth == 1 else []
    caught = [l for l in out.splitlines() if l.startswith("caught:")]
    # Not recovered: fine only where no device is left, or when the failure
    # was the recovery step's own (then it is the last exception caught).
    failed_last = caught and (call in caught[-1] or
                              (call in NULL and "USM allocation returned null" in caught[-1]))
    if RECOVERED not in out and call not in DISCOVERY and not failed_last:
        problems.append(f"{what}: the runtime did not recover:\n{out}")
    named = any(call in l and RESULT in l and MAPPED[call] in l for l in out.splitlines())
    unseen = not caught and expected_result in out
    if call in NULL:
        if "USM allocation returned null" not in out and not named:
            problems.append(f"{what}: no null pointer from sycl::malloc_* and no exception:\n{out}")
    elif call in SILENT:
        if not unseen:
            problems.append(f"{what}: the failure changed the program's results:\n{out}")
    elif call in EITHER:
        if not named and not unseen:
            problems.append(f"{what}: neither an exception naming it nor the right results:\n{out}")
    elif not caught or not named:
        # (an exception's text may span lines: one per adapter tried)
        problems.append(f"{what}: no SYCL exception naming {call} and {RESULT} as "
                        f"{MAPPED[call]}:\n{out}")
    for l in lines:
        if "rule broken" in l or l.startswith("leak:"):
            problems.append(f"{what}: {l}")
    for kind, n in alive(calls_of(lines)).items():
        # A destroy that failed leaves its object: the driver kept it.
        allowed = baseline[kind] + (call in OBJECTS[kind][1])
        if kind == "USM allocations" and call in WAITS:
            allowed = n
        if n > allowed:
            problems.append(f"{what}: {n} {kind} left alive, {baseline[kind]} without a failure")
    return problems


def output_is_right(out, source):
    """Whether the program's output passes FileCheck against its source."""
    filecheck = shutil.which("FileCheck") or "/usr/lib/llvm-15/bin/FileCheck"
    return subprocess.run([filecheck, source], input=out, capture_output=True,
                          text=True).returncode == 0


def check_whole(call, nth, outcome, source):
    """Problems of one run of an e2e program (--whole)."""
    what = f"{call} (call {nth})"
    if outcome is None:
        return [f"{what}: the program hung"]
    out, err, status, lines = outcome
    if not any(l.endswith(call + " -> injected failure") for l in lines):
        return [f"{what}: the program never made the call"] if nth == 1 else []
    problems = [f"{what}: {l}" for l in lines if "rule broken" in l or l.startswith("leak:")]
    if status == 0 and output_is_right(out, source):
        return problems  # absorbed: nothing the program sees changed
    named = any(call in l and RESULT in l for l in (out + err).splitlines())
    if call in NULL and not named:
        return problems  # the program used the null pointer it was given
    if not named:
        problems.append(f"{what}: status {status}, output changed, the failure not named:\n"
                        f"{out[-2000:]}{err[-2000:]}")
    elif status not in (0, 1, -6):  # -6: std::terminate after an uncaught exception
        problems.append(f"{what}: ended by signal {-status}:\n{err[-2000:]}")
    return problems


def main_whole(program, work, source):
    os.makedirs(work, exist_ok=True)
    clean = run(program, work, "no-failure")
    if clean is None or clean[2] != 0 or not output_is_right(clean[0], source):
        print(f"the program fails without a fault: {clean}")
        return 1
    calls = calls_of(clean[3])
    print(f"{os.path.basename(program)}: {len(calls)} kinds of ze call")
    problems = []
    runs = 0
    for call in sorted(calls):
        for nth in nths(calls[call]):
            problems += check_whole(call, nth, run(program, work, call, f"{call}:{nth}"),
                                    source)
            runs += 1
    print(f"{os.path.basename(program)}: {runs} runs with one failure each, "
          f"{len(problems)} problem(s)")
    for p in problems:
        print(p)
    return 1 if problems else 0


def main():
    if sys.argv[1] == "--whole":
        return main_whole(sys.argv[2], sys.argv[3], sys.argv[4])
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
    runs = 0
    for call in sorted(calls):
        found = []
        for nth in nths(calls[call]):
            found += check(call, nth, run(program, work, call, f"{call}:{nth}"), result, baseline)
            runs += 1
        print(f"{call}: {'ok' if not found else 'FAILED'} ({len(nths(calls[call]))} of {calls[call]} calls failed in turn)")
        problems += found
    print(f"{runs} runs with one failure each")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
