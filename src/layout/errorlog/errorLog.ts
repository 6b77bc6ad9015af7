import { useSyncExternalStore } from 'react';
import dayjs from 'dayjs';
import { http } from '../../../providers/http';
import { getStore, setStore } from '../../../providers/storage';

/** One captured error (spec §3 local error log entry). */
export interface ErrorLogEntry {
  type: 'error';
  message: string;
  stack: string;
  /** Where it came from: the React component stack, the rejected promise, or the script location. */
  info: string;
  url: string;
  time: string;
}

/** Saber's storage record of the local log. */
export const ERROR_LOG_STORE_KEY = 'logsList';
/** BladeX receives uploaded logs on this address (Saber's sendLogs). */
export const ERROR_LOG_UPLOAD_URL = '/api/blade-auth/oauth/logout';
/** Oldest entries are dropped beyond this, so a loop of errors cannot fill the storage quota. */
const MAX_ENTRIES = 200;

function readEntries(): ErrorLogEntry[] {
  const stored = getStore<ErrorLogEntry[]>({ name: ERROR_LOG_STORE_KEY });
  return Array.isArray(stored) ? stored : [];
}

let entries = readEntries();
const listeners = new Set<() => void>();

function save(next: ErrorLogEntry[]): void {
  entries = next;
  setStore({ name: ERROR_LOG_STORE_KEY, content: next });
  for (const listener of listeners) listener();
}

export function errorEntryOf(error: unknown, info: string): ErrorLogEntry {
  const isError = error instanceof Error;
  return {
    type: 'error',
    message: isError ? error.message : String(error),
    stack: isError ? (error.stack ?? '') : '',
    info,
    url: window.location.href,
    time: dayjs().format('YYYY-MM-DD HH:mm:ss'),
  };
}

export function addErrorLog(entry: ErrorLogEntry): void {
  save([entry, ...entries].slice(0, MAX_ENTRIES));
}

export function clearErrorLogs(): void {
  save([]);
}

/** Sends the whole local log to the server, then forgets it. */
export async function uploadErrorLogs(): Promise<void> {
  await http.post(ERROR_LOG_UPLOAD_URL, entries);
  clearErrorLogs();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorLogs(): ErrorLogEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}

let captureInstalled = false;

/** Records every uncaught error and unhandled rejection of the window (once per page). */
export function installErrorCapture(): void {
  if (captureInstalled) return;
  captureInstalled = true;
  window.addEventListener('error', (event) => {
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : 'window error';
    addErrorLog(errorEntryOf(event.error ?? event.message, where));
  });
  window.addEventListener('unhandledrejection', (event) => {
    addErrorLog(errorEntryOf(event.reason, 'unhandledrejection'));
  });
}
