import type { DeviceCredentialStatus, DeviceSecret } from '@sentinela/shared/device-credentials';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { notify } from '../../lib/notify';

/** The server's answers, decided by each test. */
const statusCall = vi.fn<() => Promise<DeviceCredentialStatus>>();
const recordCall = vi.fn(() => Promise.resolve({ id: 'so-mtr-001', retiredAt: null, gatewayId: null }));
const generateCall = vi.fn<(input: { equipmentId: string }) => Promise<DeviceSecret>>();
const rotateCall = vi.fn<(input: { equipmentId: string; grace: string }) => Promise<DeviceSecret>>();
const revokeCall = vi.fn<(input: { equipmentId: string }) => Promise<DeviceCredentialStatus>>();

vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    deviceCredentials: {
      status: {
        queryOptions: (input: unknown) => ({ queryKey: ['status', input], queryFn: statusCall }),
      },
      generate: { mutationOptions: (o: object) => ({ ...o, mutationFn: generateCall }) },
      rotate: { mutationOptions: (o: object) => ({ ...o, mutationFn: rotateCall }) },
      revoke: { mutationOptions: (o: object) => ({ ...o, mutationFn: revokeCall }) },
    },
    equipment: { get: { queryOptions: (input: unknown) => ({ queryKey: ['get', input], queryFn: recordCall }) } },
  }),
}));

const { DeviceCredentialsSection } = await import('./device-credentials-section');

function Providers({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider fallbackLanguage="en">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {children}
      </QueryClientProvider>
    </LanguageProvider>
  );
}

const none: DeviceCredentialStatus = {
  equipmentId: 'so-mtr-001',
  hasSecret: false,
  current: null,
  previousValidUntil: null,
};
const active: DeviceCredentialStatus = {
  equipmentId: 'so-mtr-001',
  hasSecret: true,
  current: { createdAt: new Date('2026-03-02T12:00:00Z'), createdBy: 'ana@example.com' },
  previousValidUntil: null,
};
const secret = (status: DeviceCredentialStatus): DeviceSecret => ({
  equipmentId: 'so-mtr-001',
  username: 'so-mtr-001',
  secret: 'q7Zk1xY2mN3pQ4rS5tU6vW7xY8zA9bC0',
  site: 'sorocaba',
  topics: {
    telemetry: 'sentinela/sorocaba/so-mtr-001/telemetry',
    cmd: 'sentinela/sorocaba/so-mtr-001/cmd',
    ack: 'sentinela/sorocaba/so-mtr-001/ack',
    status: 'sentinela/sorocaba/so-mtr-001/status',
  },
  status,
});

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const call of [statusCall, generateCall, rotateCall, revokeCall]) call.mockReset();
});

describe('DeviceCredentialsSection', () => {
  it('a device without a secret: Generate shows the new one once, and the status follows', async () => {
    statusCall.mockResolvedValue(none);
    generateCall.mockResolvedValue(secret(active));
    render(<DeviceCredentialsSection id="so-mtr-001" name="Motor 1" />, { wrapper: Providers });
    await screen.findByText('No secret: the device cannot connect to the broker.');
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    const dialog = await screen.findByRole('dialog', { name: 'Credentials of Motor 1' });
    expect(generateCall.mock.calls[0]?.[0]).toEqual({ equipmentId: 'so-mtr-001' });
    expect(within(dialog).getByText('Shown only once')).toBeTruthy();
    expect(within(dialog).getByTestId('device-secret').textContent).toBe('q7Zk1xY2mN3pQ4rS5tU6vW7xY8zA9bC0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Secret active since .*, by ana@example.com\./)).toBeTruthy();
  });

  it('rotates with the grace chosen, and revokes after a confirmation', async () => {
    statusCall.mockResolvedValue(active);
    rotateCall.mockResolvedValue(secret({ ...active, previousValidUntil: new Date('2026-03-02T13:00:00Z') }));
    revokeCall.mockResolvedValue(none);
    render(<DeviceCredentialsSection id="so-mtr-001" name="Motor 1" />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    const ask = await screen.findByRole('dialog', { name: 'Rotate the secret of Motor 1?' });
    fireEvent.change(within(ask).getByLabelText('Grace period of the current secret'), { target: { value: '1h' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'Credentials of Motor 1' });
    expect(rotateCall.mock.calls[0]?.[0]).toEqual({ equipmentId: 'so-mtr-001', grace: '1h' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/The previous secret is valid until/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the credentials of Motor 1?' });
    expect(revokeCall).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No secret: the device cannot connect to the broker.')).toBeTruthy();
    expect(revokeCall.mock.calls[0]?.[0]).toEqual({ equipmentId: 'so-mtr-001' });
  });
});
