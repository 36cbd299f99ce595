import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyChunk<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the chunk (once); React.lazy reuses the same promise. */
  preload: () => Promise<{ default: ComponentType<P> }>;
}

/** A component in its own chunk that can be fetched before it renders (on hover, on focus, with its route). */
export function lazyChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyChunk<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (pending ??= load());
  return { Component: lazy(preload), preload };
}

/** Starts loading a chunk ahead of need; a failure surfaces when it renders (error boundary). */
export function prefetchChunk(chunk: { preload: () => Promise<unknown> }): void {
  chunk.preload().catch(() => undefined);
}
