// Worker thread of the search pool (lib/worker-pool.ts): the database half of GET /buscar on
// SQLite, on the thread's own connection (modules/search/search-job.ts).
import { runSearchJob, type SearchTask } from '../modules/search/search-job.ts';
import type { SearchPageData } from '../modules/search/search.service.ts';

export default function searchWorker(task: SearchTask): Promise<SearchPageData> {
  return runSearchJob(task);
}
