import { randomInt } from 'node:crypto';

/** 2019-01-01: the epoch of the snowflake timestamps. */
const EPOCH = 1546300800000n;
/** Random per process so that several instances on one database do not collide. */
const WORKER = BigInt(randomInt(0, 1024));
let lastMs = 0n;
let sequence = 0n;

/**
 * A snowflake-style 64-bit id (41 bits of milliseconds, 10 of worker, 12 of sequence), as a decimal string:
 * it does not fit a JS number.
 */
export function nextId(): string {
  let now = BigInt(Date.now());
  if (now <= lastMs) {
    now = lastMs;
    sequence = (sequence + 1n) & 4095n;
    // Sequence exhausted within one millisecond: borrow the next millisecond.
    if (sequence === 0n) now = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (WORKER << 12n) | sequence).toString();
}

const MAX_BIGINT = 9223372036854775807n;

/** A decimal id that fits PostgreSQL's bigint (snowflake ids have 19 digits). */
export function isIdText(text: string): boolean {
  return /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_BIGINT;
}
