#!/usr/bin/env python3
"""Build here, run there (./smcp.sh gpu-kit): stands in for the compile-side
commands of the e2e suite -- syclcc and the image inspection tools -- so that
the suite runs on a machine that has the built programs but no compiler.

  prebuilt.py record <store> <exec root> <source root> <name> <tool> -- <args>
      runs the tool, passes its output on, and keeps its exit code, stdout
      and stderr in <store>, with the program when it is a syclcc link
  prebuilt.py replay <store> <exec root> <source root> <name> -- <args>
      gives back what the same call did when it was recorded, and puts the
      program where -o asks

A call is known by its name and arguments, with the exec root and the source
root (which differ between the machines) written as placeholders, and by its
place among identical calls in one lit run: a test may validate
%t/image0.spirv twice, a different image each time. The place is counted in
<exec root>/prebuilt-calls, which test/e2e_prebuilt.py empties as lit starts.
Standard input is not recorded: no e2e RUN line pipes into these tools."""

import hashlib
import json
import os
import shutil
import subprocess
import sys


def call_key(name, args, exec_root, source_root):
    roots = sorted([(exec_root, "$EXEC"), (source_root, "$SRC")], key=lambda r: -len(r[0]))
    key = [name]
    for arg in args:
        for root, placeholder in roots:
            arg = arg.replace(root, placeholder)
        key.append(arg)
    return key


def next_place(exec_root, digest):
    """How many identical calls came before this one in this lit run."""
    folder = os.path.join(exec_root, "prebuilt-calls")
    os.makedirs(folder, exist_ok=True)
    counter = os.path.join(folder, digest)
    place = int(open(counter).read()) if os.path.exists(counter) else 0
    with open(counter, "w") as f:
        f.write(str(place + 1))
    return place


def program_output(name, args):
    """The file worth keeping: a syclcc link's program (objects of -c are
    only read by a later link, which is replayed as a whole)."""
    if name != "syclcc" or "-c" in args or "-o" not in args[:-1]:
        return None
    return args[args.index("-o") + 1]


def write_json(path, value):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(value, f, indent=1)
    os.replace(tmp, path)


def record(store, key, digest, place, tool, args, output):
    result = subprocess.run([tool] + args, capture_output=True)
    sys.stdout.buffer.write(result.stdout)
    sys.stderr.buffer.write(result.stderr)
    os.makedirs(os.path.join(store, "calls"), exist_ok=True)
    entry = {"key": key, "rc": result.returncode,
             # latin-1 maps bytes to code points one to one: the output comes back byte for byte
             "stdout": result.stdout.decode("latin-1"), "stderr": result.stderr.decode("latin-1"),
             "program": None}
    if output and result.returncode == 0 and os.path.isfile(output):
        os.makedirs(os.path.join(store, "programs"), exist_ok=True)
        entry["program"] = f"{digest}.{place}"
        shutil.copy(output, os.path.join(store, "programs", entry["program"]))
    journal = os.path.join(store, "calls", digest + ".json")
    entries = json.load(open(journal)) if os.path.exists(journal) else []
    write_json(journal, entries[:place] + [entry])
    return result.returncode


def replay(store, key, digest, place, output):
    journal = os.path.join(store, "calls", digest + ".json")
    entries = json.load(open(journal)) if os.path.exists(journal) else []
    if place >= len(entries) or entries[place]["key"] != key:
        sys.stderr.write(f"prebuilt: no recorded call #{place} of {' '.join(key)} in {store} "
                         "(rebuild the kit from this tree: ./smcp.sh gpu-kit)\n")
        return 1
    entry = entries[place]
    sys.stdout.buffer.write(entry["stdout"].encode("latin-1"))
    sys.stderr.buffer.write(entry["stderr"].encode("latin-1"))
    if entry["program"]:
        os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
        shutil.copy(os.path.join(store, "programs", entry["program"]), output)
    return entry["rc"]


def main(argv):
    sep = argv.index("--")
    mode, store, exec_root, source_root, name = argv[:5]
    tool = argv[5] if mode == "record" else None
    args = argv[sep + 1:]
    key = call_key(name, args, exec_root, source_root)
    digest = hashlib.sha1("\0".join(key).encode()).hexdigest()[:20]
    place = next_place(exec_root, digest)
    output = program_output(name, args)
    if mode == "record":
        return record(store, key, digest, place, tool, args, output)
    return replay(store, key, digest, place, output)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
