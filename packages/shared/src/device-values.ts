/** Device facts as plain values, without zod (pages import them at run time). */

/** A device not heard from for this long counts as silent (PRODUCT §3: offline when silent > 60 s). */
export const SILENT_AFTER_SECONDS = 60;
