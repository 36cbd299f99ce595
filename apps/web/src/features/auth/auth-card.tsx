import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePublicSettings } from '../../lib/use-public-settings';

/**
 * The centred card the public (sign-in) pages sit in, with the shell's language and theme
 * controls, so a first-time visitor picks them before signing in.
 */
export function AuthCard({ title, wide = false, children }: { title: string; wide?: boolean; children?: ReactNode }) {
  const { siteName } = usePublicSettings();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <title>{`${title} · ${siteName}`}</title>
      <section
        aria-labelledby="auth-card-title"
        className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'} rounded-xl border bg-card p-6 text-card-foreground shadow-sm`}
      >
        <div className="mb-6 flex items-center gap-2">
          <BrandMark />
          <span className="min-w-0 truncate text-lg font-semibold">{siteName}</span>
          <div className="-mr-2 ml-auto flex shrink-0 items-center gap-1">
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>
        <h1 id="auth-card-title" className="text-xl font-semibold tracking-tight">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
