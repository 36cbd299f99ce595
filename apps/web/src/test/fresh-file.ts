import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

/**
 * The web tests share one DOM per worker (`isolate: false`, vitest.config.ts): building a fresh
 * happy-dom window for each of a hundred files cost most of the project's time (≈ 95 of 120 s on
 * two cores; ADR 042). So that a file still starts as it would in a window of its own, this runs
 * before each file: the app's modules load again (module state such as the language, the theme or
 * whether sonner was loaded starts over), and storage, cookies and the document are emptied. After
 * each file, what it left mounted is unmounted and its timers, stubs and spies are undone.
 */
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
for (const attribute of [...document.documentElement.attributes]) {
  document.documentElement.removeAttribute(attribute.name);
}
document.head.replaceChildren();
document.body.replaceChildren();
for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
window.history.replaceState(null, '', '/');

afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
