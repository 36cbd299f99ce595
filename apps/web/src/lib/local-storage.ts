/**
 * localStorage that never throws: when storage is blocked or full a read finds nothing and a
 * write is dropped, so a stored choice lasts for this page only.
 */
export function readLocal(key: string, storage?: Storage): string | null {
  try {
    return (storage ?? globalThis.localStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string, storage?: Storage): void {
  try {
    (storage ?? globalThis.localStorage).setItem(key, value);
  } catch {
    // Blocked or full: see above.
  }
}
