"""Demo case that passes: a login smoke check against a fake device."""
import time

steps = ["connect to device", "send credentials", "read session banner"]
for index, step in enumerate(steps, 1):
    print(f"[{index}/{len(steps)}] {step} ... ok", flush=True)
    time.sleep(0.3)

banner = "WELCOME admin"
assert banner.startswith("WELCOME"), banner
print("login smoke check passed")
