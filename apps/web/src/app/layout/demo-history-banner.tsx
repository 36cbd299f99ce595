import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { DemoHistoryHealth } from '@sentinela/shared/system';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { formatNumber } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { demoHistoryStrings } from './demo-history.strings';

/** How often the progress is read again while the history is generated. */
const FILLING_REFRESH_MS = 3_000;

/** One line above the page while the demo history is generated; nothing otherwise. */
export function DemoHistoryNotice({ demo }: { demo: DemoHistoryHealth | undefined }) {
  const t = useStrings(demoHistoryStrings);
  const { language } = useLanguage();
  if (!demo || demo.complete) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b bg-muted/60 px-4 py-2 text-sm md:px-6"
    >
      <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-muted-foreground" />
      <span className="font-medium">{t('generating', { percent: formatNumber(demo.percent, language) })}</span>
      <span className="text-muted-foreground">{t('hint')}</span>
    </div>
  );
}

/** Reads the progress from system.health while it runs, then stops asking. */
export function DemoHistoryBanner() {
  const trpc = useTRPC();
  const health = useQuery(
    trpc.system.health.queryOptions(undefined, {
      refetchInterval: (query) => (query.state.data?.demo?.complete === false ? FILLING_REFRESH_MS : false),
      staleTime: 0,
    }),
  );
  return <DemoHistoryNotice demo={health.data?.demo} />;
}
