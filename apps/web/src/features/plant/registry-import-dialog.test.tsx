import type { RegistryImportOutput } from '@sentinela/shared/registry-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { notify } from '../../lib/notify';

/** The server's answers, decided by each test. */
const importCall = vi.fn<(input: { entity: string; csv: string; apply: boolean }) => Promise<RegistryImportOutput>>();
const exportCall = vi.fn(() =>
  Promise.resolve({ filename: 'equipment-2026-11-24.csv', csv: '\uFEFFCode\r\n', rows: 3 }),
);
const refresh = vi.fn(() => Promise.resolve());

vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    registry: { import: { mutationOptions: () => ({ mutationFn: importCall }) } },
  }),
  useTRPCClient: () => ({ registry: { export: { query: exportCall } } }),
}));
vi.mock('./use-registry-refresh', () => ({ useRegistryRefresh: () => refresh }));

const { default: RegistryImportDialog } = await import('./registry-import-dialog');

function Providers({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider fallbackLanguage="en">
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </LanguageProvider>
  );
}

const dryRun = (counts: Partial<RegistryImportOutput['counts']>): RegistryImportOutput => ({
  entity: 'rooms',
  applied: false,
  counts: { create: 0, update: 0, unchanged: 0, refuse: 0, ...counts },
  lines: [],
  omitted: 0,
});

async function chooseFile(text: string, size?: number) {
  const file = new File([text], 'rooms.csv', { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  await act(async () => {
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await Promise.resolve();
  });
}

const CSV = 'Facility;Room;Type\r\nsp-01;Line 1;production\r\nsp-01;Line 2;production\r\n';

beforeEach(() => {
  vi.spyOn(notify, 'success').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  importCall.mockReset();
  refresh.mockClear();
});

describe('RegistryImportDialog', () => {
  it('checks first; with a refused line the import stays disabled', async () => {
    importCall.mockResolvedValue(dryRun({ create: 1, refuse: 1 }));
    render(<RegistryImportDialog open onOpenChange={() => undefined} entity="rooms" />, { wrapper: Providers });
    expect(screen.getByText('Required columns: Facility, Room, Type.')).toBeTruthy();
    const check = screen.getByRole('button', { name: 'Check' });
    expect((check as HTMLButtonElement).disabled).toBe(true);

    await chooseFile(CSV);
    await waitFor(() => expect((check as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(check);
    await screen.findByText(/Fix the refused lines/);
    expect(importCall.mock.calls[0]?.[0]).toEqual({ entity: 'rooms', csv: CSV, apply: false });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Import \d/ }).disabled).toBe(true);
  });

  it('shows the busy state while checking, then imports the lines, refreshes the lists and closes', async () => {
    let answer!: (value: RegistryImportOutput) => void;
    importCall.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const onOpenChange = vi.fn();
    render(<RegistryImportDialog open onOpenChange={onOpenChange} entity="rooms" />, { wrapper: Providers });
    await chooseFile(CSV);
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }));

    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Checking 2 line(s)…')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Check' }).disabled).toBe(true);
    await act(async () => {
      answer(dryRun({ create: 1, update: 1 }));
      await Promise.resolve();
    });

    const apply = await screen.findByRole('button', { name: 'Import 2 line(s)' });
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    importCall.mockResolvedValueOnce({ ...dryRun({ create: 1, update: 1 }), applied: true });
    fireEvent.click(apply);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(importCall.mock.calls[1]?.[0]).toEqual({ entity: 'rooms', csv: CSV, apply: true });
    expect(notify.success).toHaveBeenCalledWith('Import done: 1 created, 1 updated, 0 unchanged.');
    expect(refresh).toHaveBeenCalled();
  });

  it('refuses a file over 8 MB before sending it, and shows a whole-file refusal in the alert', async () => {
    render(<RegistryImportDialog open onOpenChange={() => undefined} entity="rooms" />, { wrapper: Providers });
    await chooseFile('x', 9 * 1024 * 1024);
    expect(screen.getByRole('alert').textContent).toBe('The file is 9 MB: the limit is 8 MB. Split it.');
    expect(importCall).not.toHaveBeenCalled();

    importCall.mockRejectedValueOnce(
      Object.assign(new Error('Unknown column in the header: "Colour". Nothing was imported.'), {
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      }),
    );
    await chooseFile('Colour\r\nred\r\n');
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Unknown column in the header: "Colour". Nothing was imported.',
      ),
    );
  });
});
