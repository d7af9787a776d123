import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name.ts';

describe('downloadName', () => {
  it('prefers the exact UTF-8 name of filename*', () => {
    expect(
      downloadName(`attachment; filename="a_o.csv"; filename*=UTF-8''a%C3%B1o.csv`, 'x.csv'),
    ).toBe('año.csv');
  });

  it('takes filename, quoted or not, when there is no filename*', () => {
    expect(downloadName('attachment; filename="rpg-combate.tbx"', 'x')).toBe('rpg-combate.tbx');
    expect(downloadName('attachment; filename=rpg.pdf', 'x')).toBe('rpg.pdf');
  });

  it('falls back when the header is missing or names no file, and never keeps a path', () => {
    expect(downloadName(undefined, 'rpg.json')).toBe('rpg.json');
    expect(downloadName('attachment', 'rpg.json')).toBe('rpg.json');
    expect(downloadName(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'x')).toBe(
      '.._.._etc_passwd',
    );
  });
});
