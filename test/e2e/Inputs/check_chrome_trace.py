"""check_chrome_trace.py <trace.json> <kernel name>...: checks a Chrome trace
(SMCP_TRACE=chrome:<file>) against the JSON Trace Event format -- an array of
complete events, each with name, ph "X", numeric ts/dur >= 0, pid and tid --
and that each named kernel appears; prints what it saw, per category and
clock, for FileCheck."""
import collections
import json
import sys

events = json.load(open(sys.argv[1]))
if not isinstance(events, list) or not events:
    sys.exit("check_chrome_trace: not a non-empty JSON array")
for e in events:
    for key in ("name", "cat", "ph", "ts", "dur", "pid", "tid"):
        if key not in e:
            sys.exit(f"check_chrome_trace: an event without {key}: {e}")
    if e["ph"] != "X" or not isinstance(e["ts"], (int, float)) or e["ts"] < 0 or e["dur"] < 0:
        sys.exit(f"check_chrome_trace: not a complete event with a time: {e}")
    if e["args"]["clock"] not in ("device", "host"):
        sys.exit(f"check_chrome_trace: unknown clock: {e}")
for kernel in sys.argv[2:]:
    found = [e for e in events if e["cat"] == "kernel" and kernel in e["name"]]
    print(f"kernel {kernel}: {len(found)} event(s)")
by_category = collections.defaultdict(list)
for e in events:
    by_category[e["cat"]].append(e["args"]["clock"])
for cat, clocks in sorted(by_category.items()):
    print(f"{cat}: {len(clocks)} ({', '.join(sorted(set(clocks)))} clock)")
print("tracks:", len({e["tid"] for e in events}))
