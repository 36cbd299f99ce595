import { lazy } from 'react';
import type * as FullAppModule from './full-app';

let loaded: typeof FullAppModule | undefined;
let pending: Promise<typeof FullAppModule> | undefined;

/** Loads the full app's chunk, once (ADR 022). */
export function loadFullApp(): Promise<typeof FullAppModule> {
  pending ??= import('./full-app').then((module) => (loaded = module));
  return pending;
}

const LazyFullApp = lazy(loadFullApp);

/** The full app, suspending only while its chunk is still on the way. */
export function FullApp(props: Parameters<typeof FullAppModule.default>[0]) {
  const Loaded = loaded?.default ?? LazyFullApp;
  return <Loaded {...props} />;
}
