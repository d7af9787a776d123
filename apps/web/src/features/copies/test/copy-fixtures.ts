import type { CopyAnswer, Entry, Glossary } from '@ludoterm/contract';
import { makeEntry, rpgGlossary } from '@/test/fixtures.ts';

/** Typed API answers for the copies feature's tests. */
export const origin: Glossary = rpgGlossary;

export const originEntries: Entry[] = [
  makeEntry(10, 'arco', 'bow'),
  makeEntry(11, 'espada', 'sword'),
];

export const copied: CopyAnswer = { copiadas: 1, omitidas: 1 };
