"""replace_bytes.py <in> <old> <new> <out>: copies a file with every <old>
replaced by <new> (same length, so that offsets stay valid); fails when <old>
is absent, so a test cannot pass without breaking what it means to break."""
import sys

src, old, new, dst = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode(), sys.argv[4]
if len(old) != len(new):
    sys.exit("replace_bytes: the replacement must keep the length")
data = open(src, "rb").read()
if old not in data:
    sys.exit(f"replace_bytes: {old!r} is not in {src}")
open(dst, "wb").write(data.replace(old, new))
