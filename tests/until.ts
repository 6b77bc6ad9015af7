/**
 * Polls `probe` until it answers a value; after `timeoutMs` fails naming `what`, and what the test saw (`why`). The
 * one way the server, browser and resilience tests wait for something that happens in the background.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
  why?: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs} ms)${why ? `\n${why()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
