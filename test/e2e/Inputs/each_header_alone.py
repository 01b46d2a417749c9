#!/usr/bin/env python3
"""Compiles, for each `HEADER: <path> | <code>` line of a test file, a
translation unit that includes that header alone and uses what it names
(the code, at namespace scope), with the compile command given; prints
`ok <path>` per header and the compiler's output for each that fails."""
import os
import shlex
import subprocess
import sys
import tempfile


def main():
    command, test_file = sys.argv[1], sys.argv[2]
    cases = []
    with open(test_file) as f:
        for line in f:
            if line.startswith("HEADER:"):
                path, _, code = line[len("HEADER:"):].partition("|")
                cases.append((path.strip(), code.strip()))
    failed = 0
    with tempfile.TemporaryDirectory(prefix="smcp-header-") as tmp:
        for i, (path, code) in enumerate(cases):
            src = os.path.join(tmp, f"h{i}.cpp")
            with open(src, "w") as f:
                f.write(f"#include <{path}>\n{code}\n")
            run = subprocess.run(shlex.split(command) + ["-fsyntax-only", src],
                                 capture_output=True, text=True)
            if run.returncode == 0:
                print(f"ok {path}")
            else:
                failed += 1
                print(f"FAILED {path}\n{run.stderr}")
    print(f"{len(cases)} headers, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
