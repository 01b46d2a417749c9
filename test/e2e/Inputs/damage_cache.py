"""damage_cache.py <flip|truncate|garbage|foreign> <folder>: damages every entry of
a persistent program cache folder (SMCP_CACHE_DIR) the way a crash, a full
disk or another program could: a payload byte flipped, the file cut in half,
bytes that are no entry at all, or a whole valid-looking entry whose key is
another program's. Fails when the folder holds no entry, so a test cannot pass
without damaging what it means to damage."""
import os
import sys

how, folder = sys.argv[1], sys.argv[2]
entries = [os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".bin")]
if not entries:
    sys.exit(f"damage_cache: no entry in {folder}")
for path in entries:
    data = bytearray(open(path, "rb").read())
    if how == "flip":
        data[-1] ^= 0x5A  # the payload's last byte: only the checksum can tell
    elif how == "truncate":
        data = data[: len(data) // 2]
    elif how == "garbage":
        data = bytearray(b"not a cache entry at all" * 4)
    elif how == "foreign":
        data[16] ^= 1  # the key digest's first byte (cache_entry.h)
    else:
        sys.exit(f"damage_cache: unknown damage {how!r}")
    open(path, "wb").write(data)
print(f"damaged {len(entries)} entries ({how})")
