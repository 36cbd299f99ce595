/** V8's full collection without --expose-gc, or null if V8 refuses (see full-collection.mjs). */
export declare function fullCollection(): (() => void) | null;
