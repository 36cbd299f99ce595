/**
 * Calls one batched request may carry: the server refuses more (400, 'error.batchTooLarge')
 * and the web's batch link splits at this size, so a page never meets the limit (issue 17).
 */
export const MAX_BATCH_CALLS = 20;
