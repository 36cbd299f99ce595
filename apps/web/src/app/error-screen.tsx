/** Stack trace with the message first (Firefox's stack omits it). */
function describe(error: Error): string {
  const stack = error.stack ?? '';
  const head = `${error.name}: ${error.message}`;
  return stack.includes(error.message) ? stack : `${head}\n${stack}`.trim();
}

/**
 * Full-page screen for an unexpected rendering error (spec §2, §8). It sits outside every
 * provider, so its strings are fixed as the spec gives them; plain markup keeps it (and the
 * entry chunk) free of UI libraries.
 */
export function ErrorScreen({ error }: { error: Error }) {
  return (
    <main role="alert" className="flex min-h-svh items-center justify-center bg-background p-6 text-foreground">
      <div className="flex w-full max-w-2xl flex-col items-center gap-6 text-center">
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="size-12 text-destructive"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m21.7 18-8-14a2 2 0 0 0-3.4 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3Z" />
          <path d="M12 9v4M12 17h.01" />
        </svg>
        <h1 className="text-xl font-semibold">An unexpected error occurred.</h1>
        <pre className="max-h-80 w-full overflow-auto rounded-md border bg-muted p-4 text-left font-mono text-xs whitespace-pre-wrap text-muted-foreground">
          {describe(error)}
        </pre>
        <button
          type="button"
          className="inline-flex h-9 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/60"
          onClick={() => {
            window.location.reload();
          }}
        >
          Reload Page
        </button>
      </div>
    </main>
  );
}
