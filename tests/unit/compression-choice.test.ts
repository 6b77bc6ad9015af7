import { describe, expect, it } from 'vitest';
import { compressionFor } from '../../server/blade/envelope';

describe('the encoding of a JSON answer', () => {
  it('is gzip first, then deflate, as the compression middleware picks', () => {
    expect(compressionFor('gzip, deflate, br, zstd')).toBe('gzip');
    expect(compressionFor('deflate, gzip')).toBe('gzip');
    expect(compressionFor('deflate')).toBe('deflate');
    expect(compressionFor('br, zstd, deflate;q=0.5')).toBe('deflate');
  });

  it('follows the client’s weights, and q=0 refuses a coding', () => {
    expect(compressionFor('gzip;q=0.2, deflate;q=0.8')).toBe('deflate');
    expect(compressionFor('gzip;q=0, deflate')).toBe('deflate');
    expect(compressionFor('gzip;q=0, deflate;q=0')).toBeUndefined();
    expect(compressionFor('*')).toBe('gzip');
    expect(compressionFor('*;q=0.5, gzip;q=0')).toBe('deflate');
  });

  it('is none for a client that names no coding we make', () => {
    expect(compressionFor(undefined)).toBeUndefined();
    expect(compressionFor('')).toBeUndefined();
    expect(compressionFor('identity')).toBeUndefined();
    expect(compressionFor('br')).toBeUndefined();
  });
});
