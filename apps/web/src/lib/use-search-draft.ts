import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the search box shows: it follows `search` (kept in the URL: a link, "clear filters") and
 * hands the trimmed text to `onSearch` once typing pauses. `onSearch` must be stable.
 */
export function useSearchDraft(search: string, onSearch: (search: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(search);
  const [seen, setSeen] = useState(search);
  if (seen !== search) {
    setSeen(search);
    setText(search);
  }
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === text.trim() && debounced !== search) onSearch(debounced);
  }, [debounced, text, search, onSearch]);
  return [text, setText];
}
