import { withAdminClient } from '@ludoterm/server/bench-harness';

/** Whether PostgreSQL answers at `url` (the benchmarks skip its figures otherwise). */
export async function postgresAnswers(url: string): Promise<boolean> {
  try {
    await withAdminClient(url, (client) => client.query('select 1'));
    return true;
  } catch {
    return false;
  }
}
