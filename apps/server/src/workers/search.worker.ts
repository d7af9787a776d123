// Worker thread of the search pool (lib/worker-pool.ts): GET /buscar's answer on SQLite, on
// the thread's own connection (modules/search/search-job.ts).
import {
  isSearchWarmUp,
  runSearchJob,
  warmUpSearch,
  type SearchTask,
  type SearchWarmUpTask,
} from '../modules/search/search-job.ts';
import type { SearchAnswer } from '../modules/search/search.service.ts';

export default function searchWorker(
  task: SearchTask | SearchWarmUpTask,
): Promise<SearchAnswer | number> {
  return isSearchWarmUp(task) ? warmUpSearch(task) : runSearchJob(task);
}
