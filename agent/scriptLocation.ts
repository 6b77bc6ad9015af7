/**
 * The server may answer a script's URL relative to itself (its embedded object store signs paths, not hosts, as it
 * cannot know the name a bench reaches it by): resolved against `--server` the way a browser resolves a link, so an
 * absolute URL (an S3-compatible store's) stays as it is.
 */
export const scriptLocation = (scriptUrl: string, server: string): string => new URL(scriptUrl, `${server.replace(/\/+$/, '')}/`).href;
