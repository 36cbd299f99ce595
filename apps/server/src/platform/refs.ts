/** A joined `{ id, name }` when the row has both (a LEFT JOIN that found something), else null. */
export function namedRef(id: string | null | undefined, name: string | null | undefined) {
  return id && name ? { id, name } : null;
}

/** A joined `{ id, number }` (a work or purchase order) when the row has both, else null. */
export function numberedRef(id: string | null | undefined, number: string | null | undefined) {
  return id && number ? { id, number } : null;
}
