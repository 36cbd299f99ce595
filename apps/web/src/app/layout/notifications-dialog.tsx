import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationChannel, NotificationPreferences } from '@sentinela/shared/notifications';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '../../components/query-state';
import { FormAlert, useFormIssues, FormInput } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { notificationsStrings } from './notifications.strings';
import { CheckboxLabel } from '../../components/checkbox-label';

type T = AreaTranslate<keyof (typeof notificationsStrings)['pt']>;

const SEVERITIES = ['critical', 'warning', 'info'] as const;
const CHANNELS: readonly NotificationChannel[] = ['email', 'sms'];
/** The fields a refusal of notifications.preferences.set lands on (error.data.issues paths). */
const FIELDS = ['channels', 'facilityIds', 'quietHours.start', 'quietHours.end'] as const;

/** The user menu's "Notificações" dialog: the caller's own alert notifications. Its own chunk. */
export default function NotificationsDialogContent({ onDone }: { onDone: () => void }) {
  const t = useStrings(notificationsStrings);
  const trpc = useTRPC();
  const preferences = useQuery(trpc.notifications.preferences.get.queryOptions());
  return (
    <DialogContent closeLabel={t('close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogDescription>{t('description')}</DialogDescription>
      {preferences.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : preferences.isError ? (
        <ErrorState error={preferences.error} onRetry={() => void preferences.refetch()} title={t('loadFailed')} />
      ) : (
        <PreferencesForm t={t} initial={preferences.data} onDone={onDone} />
      )}
    </DialogContent>
  );
}

function PreferencesForm({
  t,
  initial,
  onDone,
}: {
  t: T;
  initial: NotificationPreferences & { email: string; hasPhone: boolean };
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const [channels, setChannels] = useState(initial.channels);
  const [chosen, setChosen] = useState<string[] | null>(initial.facilityIds);
  const [quiet, setQuiet] = useState(initial.quietHours !== null);
  const [quietStart, setQuietStart] = useState(initial.quietHours?.start ?? '22:00');
  const [quietEnd, setQuietEnd] = useState(initial.quietHours?.end ?? '07:00');
  const { formRef, errors, formError, showServerError } = useFormIssues(FIELDS);
  const save = useMutation(
    trpc.notifications.preferences.set.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.notifications.preferences.get.queryKey(), saved);
        notify.success(t('saved'));
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.notifications.preferences.get.queryKey() });
      },
      onError: (error) => {
        showServerError(error, t('saveFailed'));
      },
    }),
  );

  const toggle = (severity: (typeof SEVERITIES)[number], channel: NotificationChannel, on: boolean) => {
    setChannels((current) => ({
      ...current,
      [severity]: on ? [...current[severity], channel] : current[severity].filter((c) => c !== channel),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      channels,
      facilityIds: chosen,
      quietHours: quiet ? { start: quietStart, end: quietEnd } : null,
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormAlert message={formError} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('channelsTitle')}</legend>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-normal">
                {t('severity')}
              </th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-20 py-1 text-center font-normal">
                  {t(channel)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SEVERITIES.map((severity) => (
              <tr key={severity} className="border-t">
                <th scope="row" className="py-2 text-left font-medium">
                  {t(`severity.${severity}`)}
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="py-2 text-center">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary disabled:opacity-50"
                      aria-label={t('channelFor', {
                        channel: t(channel),
                        alerts: t(`alertsOf.${severity}`),
                      })}
                      disabled={channel === 'sms' && !initial.hasPhone && !channels[severity].includes('sms')}
                      checked={channels[severity].includes(channel)}
                      onChange={(e) => {
                        toggle(severity, channel, e.target.checked);
                      }}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-muted-foreground">{t('emailTo', { email: initial.email })}</p>
        {!initial.hasPhone && <p className="text-xs text-muted-foreground">{t('noPhone')}</p>}
        <FieldsetError message={errors.channels} />
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('facilitiesTitle')}</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="facility-scope"
            className="size-4 accent-primary"
            checked={chosen === null}
            onChange={() => {
              setChosen(null);
            }}
          />
          {t('allFacilities')}
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="facility-scope"
            className="size-4 accent-primary"
            checked={chosen !== null}
            onChange={() => {
              setChosen(facilities.data?.map((f) => f.id) ?? []);
            }}
          />
          {t('chosenFacilities')}
        </label>
        {chosen !== null && (
          <div className="ml-6 flex flex-col gap-1">
            {(facilities.data ?? []).map((facility) => (
              <CheckboxLabel
                key={facility.id}
                checked={chosen.includes(facility.id)}
                onCheckedChange={(checked) => {
                  setChosen(checked ? [...chosen, facility.id] : chosen.filter((id) => id !== facility.id));
                }}
              >
                {facility.name}
              </CheckboxLabel>
            ))}
          </div>
        )}
        <FieldsetError message={errors.facilityIds} />
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('quietTitle')}</legend>
        <CheckboxLabel checked={quiet} onCheckedChange={setQuiet}>
          {t('quietEnabled')}
        </CheckboxLabel>
        {quiet && (
          <div className="grid grid-cols-2 gap-3">
            <FormInput
              label={t('quietStart')}
              error={errors['quietHours.start']}
              type="time"
              value={quietStart}
              onChange={(e) => {
                setQuietStart(e.target.value);
              }}
            />
            <FormInput
              label={t('quietEnd')}
              error={errors['quietHours.end']}
              type="time"
              value={quietEnd}
              onChange={(e) => {
                setQuietEnd(e.target.value);
              }}
            />
          </div>
        )}
        <p className="text-xs text-muted-foreground">{t('quietHint')}</p>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

/** A refusal that belongs to a whole group of choices (the channels, the facilities). */
function FieldsetError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-xs text-destructive">
      {message}
    </p>
  );
}
