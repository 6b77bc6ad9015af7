"""Demo case that fails: a firmware checksum that does not match its baseline."""
import sys
import zlib

firmware = b"firmware-image-v2.3.1"
expected = 0x1234ABCD
actual = zlib.crc32(firmware)
print(f"expected checksum {expected:#010x}")
print(f"actual checksum   {actual:#010x}")
if actual != expected:
    print("checksum mismatch: firmware differs from its baseline", file=sys.stderr)
    sys.exit(1)
