/**
 * The page progress bar at the top of the window: one bar for all requests and page loads in flight, started by the
 * first and finished by the last. It only ever writes styles (a transform and an opacity, animated by CSS) and never
 * reads layout: a read in the middle of a first render would force the browser to lay out the whole page early.
 */

export const PROGRESS_BAR_ID = 'page-progress';

const START_AT = 0.08;
const TRICKLE_MS = 250;
/** Left on screen at full width before it fades (the fade itself is CSS). */
const DONE_VISIBLE_MS = 200;
const FADE_MS = 300;

let requestsInFlight = 0;
let bar: HTMLElement | undefined;
let value = 0;
let trickle: ReturnType<typeof setInterval> | undefined;
let fading: ReturnType<typeof setTimeout> | undefined;

function show(next: number): void {
  value = next;
  if (bar) bar.style.transform = `scaleX(${value})`;
}

function begin(): void {
  if (typeof document === 'undefined') return;
  clearTimeout(fading);
  // A new element each time: it starts at its first width instead of animating back from the last one's end.
  bar?.remove();
  bar = document.createElement('div');
  bar.id = PROGRESS_BAR_ID;
  bar.setAttribute('aria-hidden', 'true');
  document.body.appendChild(bar);
  show(START_AT);
  clearInterval(trickle);
  // Ever slower towards the end, never reaching it until done.
  trickle = setInterval(() => show(value + (0.95 - value) * 0.1), TRICKLE_MS);
}

function end(): void {
  clearInterval(trickle);
  trickle = undefined;
  const ending = bar;
  if (!ending) return;
  show(1);
  fading = setTimeout(() => {
    ending.style.opacity = '0';
    fading = setTimeout(() => {
      ending.remove();
      if (bar === ending) bar = undefined;
    }, FADE_MS);
  }, DONE_VISIBLE_MS);
}

export function startProgress(): void {
  if (requestsInFlight++ === 0) begin();
}

export function finishProgress(): void {
  requestsInFlight = Math.max(0, requestsInFlight - 1);
  if (requestsInFlight === 0) end();
}

/** Whether a request or page load is running the bar now. */
export function isProgressRunning(): boolean {
  return requestsInFlight > 0;
}
