"""Demo case that takes a while: a short soak test, long enough to pause or end the task while it runs."""
import time

ROUNDS = 12
for round_ in range(1, ROUNDS + 1):
    print(f"soak round {round_}/{ROUNDS}: temperature {40 + round_ % 3} C, no errors", flush=True)
    time.sleep(1)
print("soak test finished")
