import { describe, expect, it } from 'vitest';
import { fileSizeText } from '../../resources/attach/fileSize';

describe('attachment sizes as people read them', () => {
  it('uses the largest unit below 1024 of it, one decimal under ten of a unit', () => {
    expect(fileSizeText(0)).toBe('0 B');
    expect(fileSizeText(16)).toBe('16 B');
    expect(fileSizeText(1023)).toBe('1023 B');
    expect(fileSizeText(1536)).toBe('1.5 KB');
    expect(fileSizeText(20 * 1024)).toBe('20 KB');
    expect(fileSizeText(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSizeText(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('shows nothing for what is not a size (a string id, a negative number)', () => {
    expect(fileSizeText('12')).toBe('12 B');
    expect(fileSizeText('x')).toBe('');
    expect(fileSizeText(-1)).toBe('');
    expect(fileSizeText(undefined)).toBe('');
  });
});
