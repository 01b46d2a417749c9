"""lit side of build here, run there (./smcp.sh gpu-kit, kit/README.md).

`--param record=<store>` builds without running: every RUN line runs on its
own and its failure is ignored (the programs cannot run here: no adapter is
loaded), while the compile-side commands -- %syclcc and the image inspection
tools -- are recorded by test/prebuilt.py. `--param prebuilt=<store>`, on the
machine with the device, replays those commands and runs the programs for
real, so the RUN lines and their FileCheck checks are the suite's own."""

import os
import shlex
import shutil
import sys

import lit.formats
import lit.Test
import lit.TestRunner
import lit.util

# Compile-side commands the e2e RUN lines call by name, besides %syclcc.
INSPECTION_TOOLS = ("smcp-dump", "spirv-val", "spirv-dis")
STAND_IN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "prebuilt.py")


class RecordFormat(lit.formats.ShTest):
    """Each RUN line on its own, failures ignored: a line that runs a program
    must not keep the compiles after it from being recorded."""

    def __init__(self):
        super().__init__(execute_external=False)

    def execute(self, test, lit_config):
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        script = lit.TestRunner.parseIntegratedTestScript(test)
        if isinstance(script, lit.Test.Result):
            return script
        tmp_dir, tmp_base = lit.TestRunner.getTempPaths(test)
        substitutions = lit.TestRunner.getDefaultSubstitutions(test, tmp_dir, tmp_base)
        conditions = {feature: True for feature in test.config.available_features}
        script = lit.TestRunner.applySubstitutions(
            script, substitutions, conditions, recursion_limit=test.config.recursiveExpansionLimit)
        lit.util.mkdir_p(tmp_dir)
        exec_dir = os.path.dirname(test.getExecPath())
        log = []
        for line in script:
            result = lit.TestRunner.executeScriptInternal(test, lit_config, tmp_base, [line], exec_dir)
            code = result[2] if isinstance(result, tuple) else result.code
            log.append(f"exit {code}: {line}")
        return lit.Test.Result(lit.Test.PASS, "\n".join(log))


def configure(config, lit_config, mode, store):
    """Points %syclcc and the inspection tools at the stand-in (mode: record
    or replay), and in record mode runs each RUN line on its own."""
    store = os.path.abspath(store)
    exec_root, source_root = config.test_exec_root, config.test_source_root
    # A fresh count of identical calls for this lit run (test/prebuilt.py).
    shutil.rmtree(os.path.join(exec_root, "prebuilt-calls"), ignore_errors=True)

    def stand_in(name, tool):
        cmd = [sys.executable, STAND_IN, mode, store, exec_root, source_root, name]
        if mode == "record":
            if not tool:
                lit_config.fatal(f"cannot record {name}: not found")
            cmd.append(tool)
        return " ".join(shlex.quote(c) for c in cmd + ["--"])

    syclcc = os.path.join(config.smcp_bin_dir, "syclcc")
    config.substitutions = [(k, stand_in("syclcc", syclcc) if k == "%syclcc" else v)
                            for k, v in config.substitutions]
    # The tools are called by name: stand-ins of the same names go first on PATH.
    tools_dir = os.path.join(exec_root, "prebuilt-tools")
    os.makedirs(tools_dir, exist_ok=True)
    path = config.environment["PATH"]
    for name in INSPECTION_TOOLS:
        script = os.path.join(tools_dir, name)
        with open(script, "w") as f:
            f.write(f'#!/bin/sh\nexec {stand_in(name, shutil.which(name, path=path))} "$@"\n')
        os.chmod(script, 0o755)
    config.environment["PATH"] = tools_dir + os.pathsep + path
    if mode == "record":
        config.test_format = RecordFormat()
        # No adapter: a program fails at once instead of running on this machine's device.
        config.environment["SMCP_ADAPTERS"] = os.devnull
