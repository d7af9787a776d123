import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of background threads: below requests, above nothing else of ours. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread (on Linux, its own nice value: a thread is a
 * task of its own there), for threads doing background upkeep, so that when the cores are busy
 * the threads answering requests get them first. Answers whether it did; elsewhere, or if the
 * system refuses, the thread keeps its priority and works the same.
 */
export function runAtLowPriority(nice = BACKGROUND_NICE): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
