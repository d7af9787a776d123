import { textFromFile } from '@ludoterm/extractor';
import { describe, expect, it } from 'vitest';
import { warmUpPdf } from './extraction-job.ts';

describe('extraction worker warm-up', () => {
  it('builds a PDF that pdf.js reads (so warming up really loads it)', async () => {
    const text = await textFromFile('calentamiento.pdf', warmUpPdf());
    expect(text).toContain('pocion de salud');
  });
});
