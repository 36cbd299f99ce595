import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FormInput } from '../../components/form-field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-form';
import { notificationSettingsStrings } from './notification-settings.strings';
import { CheckboxLabel } from '../../components/checkbox-label';

type T = AreaTranslate<keyof (typeof notificationSettingsStrings)['pt']>;

interface Loaded {
  escalationMinutes: number;
  onCall: { userIds: string[]; emails: string[]; phones: string[] };
  webhookUrl: string | null;
  webhookSecretSet: boolean;
}

const lines = (text: string) =>
  text
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

const textareaClass =
  'min-h-20 w-full rounded-md border bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

/** The "Notificações" section of /settings (admins): escalation, on-call list, webhook, test sends. */
export function NotificationSettingsSection() {
  const t = useStrings(notificationSettingsStrings);
  const trpc = useTRPC();
  const settings = useQuery(trpc.notifications.settings.get.queryOptions());
  return (
    <SettingsSection title={t('notificationsTitle')} description={t('notificationsDescription')} query={settings} t={t}>
      {(data) => (
        <div className="flex flex-col gap-6">
          <NotificationsForm t={t} initial={data} />
          <TestSends t={t} />
        </div>
      )}
    </SettingsSection>
  );
}

function NotificationsForm({ t, initial }: { t: T; initial: Loaded }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const users = useQuery(trpc.users.list.queryOptions({ page: 1, pageSize: 100 }));
  const [minutes, setMinutes] = useState(String(initial.escalationMinutes));
  const [userIds, setUserIds] = useState(initial.onCall.userIds);
  const [emails, setEmails] = useState(initial.onCall.emails.join('\n'));
  const [phones, setPhones] = useState(initial.onCall.phones.join('\n'));
  const [webhookUrl, setWebhookUrl] = useState(initial.webhookUrl ?? '');
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  const saving = useSettingsSave((h) => trpc.notifications.settings.set.mutationOptions(h), {
    saved: t('saved'),
    failed: t('saveFailed'),
    onSaved: (saved) => {
      queryClient.setQueryData(trpc.notifications.settings.get.queryKey(), saved);
      setSecret('');
      setRemoveSecret(false);
    },
  });

  const onCallLists = [
    { label: t('onCallEmails'), value: emails, set: setEmails },
    { label: t('onCallPhones'), value: phones, set: setPhones },
  ];

  const submit = () => {
    saving.send({
      escalationMinutes: Number(minutes),
      onCall: { userIds, emails: lines(emails), phones: lines(phones) },
      webhookUrl: webhookUrl.trim() || null,
      ...(removeSecret ? { webhookSecret: null } : secret ? { webhookSecret: secret } : {}),
    });
  };

  return (
    <SettingsForm label={t('notificationsTitle')} saving={saving} t={t} onSubmit={submit}>
      <FormInput
        label={t('escalationMinutes')}
        hint={t('escalationHint')}
        className="max-w-xs"
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        value={minutes}
        onChange={(e) => {
          setMinutes(e.target.value);
        }}
      />

      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{t('onCallUsers')}</legend>
        <p className="text-xs text-muted-foreground">{t('onCallUsersHint')}</p>
        <div className="grid max-h-48 grid-cols-1 gap-1 overflow-y-auto sm:grid-cols-2">
          {users.data?.items.length === 0 && <p className="text-sm text-muted-foreground">{t('noUsers')}</p>}
          {(users.data?.items ?? []).map((user) => (
            <label key={user.id} className="inline-flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={userIds.includes(user.id)}
                onChange={(e) => {
                  setUserIds(e.target.checked ? [...userIds, user.id] : userIds.filter((u) => u !== user.id));
                }}
              />
              <span className="truncate">
                {user.name} ({user.email})
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {onCallLists.map((list) => (
          <label key={list.label} className="flex flex-col gap-1 text-sm font-medium">
            {list.label}
            <textarea
              className={textareaClass}
              value={list.value}
              aria-describedby={`${id}-lines`}
              onChange={(e) => {
                list.set(e.target.value);
              }}
            />
          </label>
        ))}
        <p id={`${id}-lines`} className="text-xs text-muted-foreground sm:col-span-2">
          {t('onePerLine')}
        </p>
      </div>

      <FormInput
        label={t('webhookUrl')}
        hint={t('webhookHint')}
        type="url"
        placeholder="https://"
        value={webhookUrl}
        onChange={(e) => {
          setWebhookUrl(e.target.value);
        }}
      />
      <FormInput
        label={t('webhookSecret')}
        hint={initial.webhookSecretSet ? t('webhookSecretSet') : t('webhookSecretUnset')}
        type="password"
        autoComplete="new-password"
        value={secret}
        disabled={removeSecret}
        onChange={(e) => {
          setSecret(e.target.value);
        }}
      />
      {initial.webhookSecretSet && (
        <CheckboxLabel checked={removeSecret} onCheckedChange={setRemoveSecret}>
          {t('removeSecret')}
        </CheckboxLabel>
      )}
    </SettingsForm>
  );
}

function TestSends({ t }: { t: T }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const [to, setTo] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const report = (answer: { ok: boolean; error: string | null }) => {
    setResult(answer.ok ? t('testOk') : t('testFailed', { error: answer.error ?? '' }));
  };
  const onError = (error: unknown) => {
    setResult(errorMessage(error, t('testError')));
  };
  const email = useMutation(trpc.notifications.testEmail.mutationOptions({ onSuccess: report, onError }));
  const webhook = useMutation(trpc.notifications.testWebhook.mutationOptions({ onSuccess: report, onError }));
  const address = to ?? me.data?.email ?? '';
  const busy = email.isPending || webhook.isPending;
  return (
    <section aria-labelledby="notifications-test-title" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="notifications-test-title" className="text-sm font-medium">
        {t('testTitle')}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm">
          {t('testEmailTo')}
          <Input
            type="email"
            value={address}
            onChange={(e) => {
              setTo(e.target.value);
            }}
          />
        </label>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => {
            setResult(null);
            email.mutate({ to: address });
          }}
        >
          {email.isPending ? t('sending') : t('sendTestEmail')}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => {
            setResult(null);
            webhook.mutate();
          }}
        >
          {webhook.isPending ? t('sending') : t('sendTestWebhook')}
        </Button>
      </div>
      <p role="status" className="text-sm">
        {result}
      </p>
    </section>
  );
}
