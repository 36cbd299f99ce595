import type { ComponentType } from 'react';
import { lazyChunk, type LazyChunk } from '../lib/lazy-chunk';

export type PageModule = { default: ComponentType };

export type LazyPage = LazyChunk<object>;

/** A route page in its own chunk that can be fetched before it renders. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  return lazyChunk(load);
}
