// Worker thread of the search pool (lib/worker-pool.ts): GET /buscar's answer on SQLite, on
// the thread's own connection (modules/search/search-job.ts).
import { runSearchJob, type SearchTask } from '../modules/search/search-job.ts';
import type { SearchAnswer } from '../modules/search/search.service.ts';

export default function searchWorker(task: SearchTask): Promise<SearchAnswer> {
  return runSearchJob(task);
}
