import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Leaf, LoaderCircle, Power, PowerOff, Sun } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RoleGated } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-errors';
import { bulkResultText } from './bulk-result-text';
import { lightsStrings } from './lights.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import type { LightsScopeValue } from './lights-scope';

type BulkAction = 'allOn' | 'allOff' | 'eco' | 'max';

const actions: { action: BulkAction; icon: ReactNode }[] = [
  { action: 'allOn', icon: <Power /> },
  { action: 'allOff', icon: <PowerOff /> },
  { action: 'eco', icon: <Leaf /> },
  { action: 'max', icon: <Sun /> },
];

interface QuickActionsProps {
  scope: LightsScopeValue;
  /** How the scope reads in a sentence. */
  scopeText: string;
  /** How many lights the scope holds (undefined while loading). */
  count: number | undefined;
}

/**
 * The four bulk actions (spec: turn all on, turn all off, eco 50 %, max brightness) on the lights
 * of the chosen scope, each confirmed first with how many lights it reaches; the answer is a toast
 * with how many confirmed, refused and timed out.
 */
export function QuickActions({ scope, scopeText, count }: QuickActionsProps) {
  const t = useStrings(lightsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const bulk = useMutation(trpc.lights.bulk.mutationOptions());
  const running = bulk.isPending ? bulk.variables.action : null;

  const run = (action: BulkAction) => {
    const label = t(`action.${action}`);
    bulk.mutate(
      { action, facilityId: scope.facilityId || undefined, roomId: scope.roomId || undefined },
      {
        onSuccess: (result) => {
          const text = bulkResultText(t, label, result);
          if (result.total === 0) notify.info(t('action.none'));
          else if (result.confirmed === result.total) notify.success(text);
          else if (result.confirmed > 0) notify.warning(text);
          else notify.error(text);
        },
        onError: (error) => {
          notify.error(errorMessage(error, t('action.failed')));
        },
        onSettled: () => {
          void queryClient.invalidateQueries({ queryKey: trpc.lights.list.pathKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.lights.summary.pathKey() });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div>
          <CardTitle>{t('quickActions')}</CardTitle>
          <CardDescription className="min-h-4">
            {count !== undefined && t('quickActionsScope', { scope: scopeText, count })}
          </CardDescription>
        </div>
        <p className="min-h-4 text-xs text-muted-foreground" aria-live="polite">
          {running && count !== undefined && t('action.running', { count })}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {actions.map(({ action, icon }) => (
          <RoleGated key={action} needs="operator">
            {(allowed) => (
              <Button
                variant="outline"
                className="w-full"
                disabled={!allowed || bulk.isPending || !count}
                onClick={() => {
                  setAsking(action);
                }}
              >
                {running === action ? (
                  <LoaderCircle className="animate-spin" aria-hidden />
                ) : (
                  <span aria-hidden>{icon}</span>
                )}
                {t(`action.${action}`)}
              </Button>
            )}
          </RoleGated>
        ))}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asking ? t('action.confirmTitle', { action: t(`action.${asking}`) }) : ''}
        description={t('action.confirmDescription', { count: count ?? 0, scope: scopeText })}
        confirmLabel={asking ? t(`action.${asking}`) : undefined}
        destructive={asking === 'allOff'}
        onConfirm={() => {
          if (asking) run(asking);
        }}
      />
    </Card>
  );
}
