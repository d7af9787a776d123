import { useSearchParams } from 'react-router';

/**
 * One query parameter kept as page state: its value, and a setter that sets it (or removes it,
 * for null) in place of the current history entry, so choices do not pile up behind Back.
 */
export function useSearchParam(name: string): [string | null, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setValue = (value: string | null) =>
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  return [searchParams.get(name), setValue];
}
