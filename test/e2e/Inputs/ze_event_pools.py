"""Counts the event pools a test-driver record shows (one "event pool: ..."
note per zeEventPoolCreate) and the rules it says were broken."""
import sys

lines = open(sys.argv[1]).read().splitlines()
pools = [l for l in lines if l.startswith("event pool: ")]
device_only = sum("device-only" in l for l in pools)
host_visible = sum("host-visible" in l for l in pools)
broken = sum("rule broken" in l for l in lines)
print(f"device-only pools: {'some' if device_only else 'none'} ({device_only})")
print(f"host-visible pools: {'at most 2' if host_visible <= 2 else 'more than 2'} ({host_visible})")
print(f"rules broken: {broken}")
