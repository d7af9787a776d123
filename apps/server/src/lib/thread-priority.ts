import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of background threads: below requests, above nothing else of ours. */
const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread (on Linux, its own nice value: a thread is a
 * task of its own there), for threads doing background upkeep, so that when the cores are busy
 * the threads answering requests get them first. Elsewhere, or if the system refuses, the
 * thread keeps its priority and works the same.
 */
export function runAtLowPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, BACKGROUND_NICE);
  } catch {
    // Not Linux (no /proc/thread-self): the thread keeps its priority.
  }
}
