import { describe, expect, it } from 'vitest';
import { fileSizeLabel, importFormatOf, importLimitLabel } from './import-format.ts';

describe('importFormatOf', () => {
  it('derives the format from the lowercased extension; .txt and .tab are tab-separated', () => {
    expect(importFormatOf('Glosario.CSV')).toBe('csv');
    expect(importFormatOf('memoria.tsv')).toBe('tsv');
    expect(importFormatOf('omegat.TXT')).toBe('tsv');
    expect(importFormatOf('hoja.tab')).toBe('tsv');
    expect(importFormatOf('export.json')).toBe('json');
    expect(importFormatOf('memoria.tmx')).toBe('tmx');
    expect(importFormatOf('terminos.v2.tbx')).toBe('tbx');
    expect(importFormatOf('Hoja.XLSX')).toBe('xlsx');
  });

  it('answers null for anything else', () => {
    expect(importFormatOf('hoja.xls')).toBeNull();
    expect(importFormatOf('sin-extension')).toBeNull();
    expect(importFormatOf('csv')).toBeNull();
  });
});

describe('fileSizeLabel', () => {
  it('writes sizes the Spanish way', () => {
    expect(fileSizeLabel(512)).toBe('512 B');
    expect(fileSizeLabel(2048)).toBe('2 KB');
    expect(fileSizeLabel(2.5 * 1024 * 1024)).toBe('2,5 MB');
  });
});

describe('importLimitLabel', () => {
  it('writes the limit as the spec does (máx. 10MB)', () => {
    expect(importLimitLabel(10 * 1024 * 1024)).toBe('10MB');
    expect(importLimitLabel(64 * 1024 * 1024)).toBe('64MB');
    expect(importLimitLabel(2.5 * 1024 * 1024)).toBe('2,5MB');
    expect(importLimitLabel(512 * 1024)).toBe('512KB');
  });
});
