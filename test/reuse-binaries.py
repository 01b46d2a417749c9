#!/usr/bin/env python3
"""Stands in for syclcc when lit runs with --param reuse_binaries=1: a
compile whose output (-o) is newer than the compiler and every input is
skipped, so that repeated runs of the e2e suite (./smcp.sh loop-e2e) run the
programs again without building them again. Usage: reuse-binaries.py <syclcc> <args>"""
import os
import sys

syclcc, args = sys.argv[1], sys.argv[2:]
output = args[args.index("-o") + 1] if "-o" in args[:-1] else None
inputs = [a for a in args if not a.startswith("-") and os.path.isfile(a) and a != output]
if output and os.path.isfile(output) and inputs:
    built = os.path.getmtime(output)
    if all(os.path.getmtime(f) < built for f in inputs + [syclcc]):
        sys.exit(0)
os.execv(syclcc, [syclcc] + args)
