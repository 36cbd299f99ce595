import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageModule = { default: ComponentType };

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts loading the chunk (once); React.lazy reuses the same promise. */
  preload: () => Promise<PageModule>;
}

/** A route page in its own chunk that can be fetched before it renders. */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const preload = () => (pending ??= load());
  return { Component: lazy(preload), preload };
}
