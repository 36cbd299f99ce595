/**
 * The one message the spec fixes for "not signed in"; it never changes with the language. On its
 * own so the browser's entry can recognise it without loading every server message.
 */
export const NOT_LOGGED_IN_MESSAGE = 'Please login (10001)';
