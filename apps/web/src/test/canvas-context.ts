/**
 * happy-dom has no canvas: getContext('2d') answers null and Path2D is missing, and uPlot (ADR 025) draws on one. This
 * stands in for the 2D context only: every drawing call does nothing, text measures 6 px a
 * character, pixels read back as transparent. uPlot's own logic (scales, axes, cursor, zoom) runs
 * as in a browser. Loaded for the web tests by vitest.config.ts (setupFiles).
 */
const CONTEXTS = Symbol.for('sentinela.test.canvasContexts');
const ORIGINAL = Symbol.for('sentinela.test.getContext');

function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  // The colours drawn with, for tests to read (`canvasStyles(canvas)`).
  const styles: string[] = [];
  const state: Record<string | symbol, unknown> = {
    canvas,
    styles,
    font: '10px sans-serif',
    measureText: (text: string) => ({
      width: text.length * 6,
      actualBoundingBoxAscent: 8,
      actualBoundingBoxDescent: 2,
    }),
    getImageData: (_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    createPattern: () => null,
    getLineDash: () => [],
    isPointInPath: () => false,
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      if (key === 'strokeStyle' || key === 'fillStyle') styles.push(String(value));
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

/** The stroke and fill colours a canvas has drawn with so far (the stand-in context keeps them). */
export function canvasStyles(canvas: HTMLCanvasElement): string[] {
  return (contexts.get(canvas) as unknown as { styles: string[] } | undefined)?.styles ?? [];
}

// This file runs again before each test file in the same window (src/test/fresh-file.ts): the
// contexts and the unwrapped getContext are kept on the window, so a second run neither wraps
// the wrapper nor loses the contexts an earlier run made.
const shared = globalThis as typeof globalThis & {
  [CONTEXTS]?: WeakMap<HTMLCanvasElement, CanvasRenderingContext2D>;
  [ORIGINAL]?: typeof HTMLCanvasElement.prototype.getContext;
};
const contexts = (shared[CONTEXTS] ??= new WeakMap());
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the canvas as `this`
const original = (shared[ORIGINAL] ??= HTMLCanvasElement.prototype.getContext);
HTMLCanvasElement.prototype.getContext = function getContext(
  this: HTMLCanvasElement,
  kind: string,
  ...rest: unknown[]
) {
  const real = (original as (...args: unknown[]) => unknown).call(this, kind, ...rest);
  if (real || kind !== '2d') return real;
  let context = contexts.get(this);
  if (!context) {
    context = fakeContext(this);
    contexts.set(this, context);
  }
  return context;
} as typeof HTMLCanvasElement.prototype.getContext;

/** The paths uPlot builds its lines from: part of the canvas API, drawn by nothing here. */
if (typeof globalThis.Path2D === 'undefined') {
  class FakePath2D {
    addPath() {}
    closePath() {}
    moveTo() {}
    lineTo() {}
    bezierCurveTo() {}
    quadraticCurveTo() {}
    arc() {}
    arcTo() {}
    ellipse() {}
    rect() {}
    roundRect() {}
  }
  Object.assign(globalThis, { Path2D: FakePath2D });
}
