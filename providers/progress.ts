import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false });

// One bar for all requests in flight: it starts with the first and finishes with the last.
let requestsInFlight = 0;

export function startProgress(): void {
  if (requestsInFlight++ === 0) NProgress.start();
}

export function finishProgress(): void {
  requestsInFlight = Math.max(0, requestsInFlight - 1);
  if (requestsInFlight === 0) NProgress.done();
}
