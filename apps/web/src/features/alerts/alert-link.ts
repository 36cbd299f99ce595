const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The alert a link to /alerts names (`?alert=<id>`, the events timeline's links), or null: none,
 * or not an alert id (the whole list then, as without the link, never a refused query).
 */
export function linkedAlertId(value: string | null): string | null {
  return value && GUID.test(value) ? value : null;
}
