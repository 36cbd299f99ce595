import { translateServerMessage } from '@sentinela/shared/messages';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { EquipmentForm, parseMetrics } from './equipment-form';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <LanguageProvider fallbackLanguage="en">{children}</LanguageProvider>
);
const FACILITY = '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const OTHER_FACILITY = '1b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const ROOM = '2b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const facilities = [
  { id: FACILITY, name: 'Sorocaba' },
  { id: OTHER_FACILITY, name: 'Campinas' },
];
const rooms = [
  { id: ROOM, name: 'Boiler room', facilityId: FACILITY },
  { id: '3b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21', name: 'Office', facilityId: OTHER_FACILITY },
];

const gateways = [
  { id: 'so-gw-1', name: 'Field gateway 1', facilityId: FACILITY },
  { id: 'ca-gw-1', name: 'Campinas gateway', facilityId: OTHER_FACILITY },
];

function renderForm(onSubmit = vi.fn(() => Promise.resolve())) {
  render(
    <EquipmentForm
      record={null}
      facilities={facilities}
      rooms={rooms}
      gateways={gateways}
      defaults={{ roomId: ROOM }}
      onSubmit={onSubmit}
      onCancel={() => undefined}
    />,
    { wrapper },
  );
  return onSubmit;
}

const nameplate = () => within(screen.getByTestId('nameplate'));
const nameplateLabels = () =>
  nameplate()
    .queryAllByRole('textbox')
    .map((input) => input.getAttribute('name'));
const change = (label: string | RegExp, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'))?.textContent;
async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: 'Create equipment' }).closest('form')!);
    await Promise.resolve();
  });
}

describe('EquipmentForm', () => {
  it('offers the nameplate fields of the chosen kind, and the kind’s metrics until they are typed', () => {
    renderForm();
    // A room filter alone names its facility; only that facility's rooms are offered.
    expect(screen.getByLabelText<HTMLSelectElement>('Facility').value).toBe(FACILITY);
    expect(screen.getByLabelText<HTMLSelectElement>('Room').value).toBe(ROOM);
    expect(within(screen.getByLabelText('Room')).queryByText('Office')).toBeNull();

    expect(nameplateLabels()).toEqual([
      'rated.powerKw',
      'rated.voltageV',
      'rated.currentA',
      'rated.rpm',
      'rated.ieClass',
    ]);
    expect(nameplate().getByLabelText('Rated power (kW)')).toBeTruthy();
    const metrics = screen.getByLabelText<HTMLInputElement>('Metrics it sends');
    expect(metrics.value).toBe('temperature, vibration, current, efficiency, rpm, powerKw');

    change('Type', 'hvac');
    expect(nameplateLabels()).toEqual(['rated.coolingKw', 'rated.powerKw']);
    expect(metrics.value).toBe('supplyTemp, returnTemp, setpoint, humidity, powerKw, on');
    // The HVAC capacity also in BTU/h.
    change('Cooling capacity (kW)', '10');
    expect(screen.getByText('≈ 34,121 BTU/h')).toBeTruthy();

    change('Type', 'sensor');
    expect(nameplateLabels()).toEqual([]);
    expect(nameplate().getByText('This type has no nameplate data.')).toBeTruthy();

    // Typed metrics stay when the kind changes.
    change('Metrics it sends', 'temperature, co2');
    change('Type', 'meter');
    expect(metrics.value).toBe('temperature, co2');
    expect(nameplateLabels()).toEqual(['rated.ctRatio', 'rated.maxKw', 'rated.voltageV']);

    // Another facility drops the room.
    change('Facility', OTHER_FACILITY);
    expect(screen.getByLabelText<HTMLSelectElement>('Room').value).toBe('');
  });

  it('refuses bad nameplate values and metrics under their fields, translated, then the ranges', async () => {
    const onSubmit = renderForm();
    change(/Code/, 'so-mtr-001');
    change('Name', 'Conveyor motor');
    change('Rated power (kW)', '0');
    change('Rated speed (rpm)', 'fast');
    change('Metrics it sends', 'temperature, 9bad');
    await submit();

    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(screen.getByLabelText('Rated speed (rpm)'))).toBe(translateServerMessage('validation.number', 'en'));
    expect(errorOf(screen.getByLabelText('Metrics it sends'))).toBe(translateServerMessage('validation.metric', 'en'));
    expect(errorOf(screen.getByLabelText('Name'))).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Rated speed (rpm)'));

    // The schema checks the ranges of the kind once the values are numbers.
    change('Rated speed (rpm)', '1750,5');
    change('Metrics it sends', 'temperature');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(screen.getByLabelText('Rated power (kW)'))).toBe(
      translateServerMessage('validation.numberRange', 'en'),
    );
    expect(errorOf(screen.getByLabelText('Rated speed (rpm)'))).toBe(
      translateServerMessage('validation.numberRange', 'en'),
    );
    expect(errorOf(screen.getByLabelText('Metrics it sends'))).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Rated power (kW)'));
  });

  it('sends the nameplate of the kind and the metrics typed; server issues land on their fields', async () => {
    const refusal = Object.assign(new Error('Invalid input'), {
      data: {
        code: 'BAD_REQUEST',
        issues: [
          { path: 'metrics.1', message: 'Invalid metric.' },
          { path: 'rated.coolingKw', message: 'Value out of the allowed range.' },
        ],
      },
    });
    const onSubmit = renderForm(vi.fn(() => Promise.reject(refusal)));
    change(/Code/, 'so-ac-001');
    change('Type', 'hvac');
    change('Name', 'Split 1');
    change('Cooling capacity (kW)', '10,5');
    change('Metrics it sends', 'supplyTemp, returnTemp');
    await submit();

    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'so-ac-001',
        facilityId: FACILITY,
        roomId: ROOM,
        kind: 'hvac',
        rated: { coolingKw: 10.5 },
        metrics: ['supplyTemp', 'returnTemp'],
        installDate: null,
      }),
    );
    expect(errorOf(screen.getByLabelText('Metrics it sends'))).toBe('Invalid metric.');
    expect(errorOf(screen.getByLabelText('Cooling capacity (kW)'))).toBe('Value out of the allowed range.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the gateways of the chosen facility, none by default; a gateway has none', async () => {
    const onSubmit = renderForm();
    const gateway = () => screen.getByLabelText<HTMLSelectElement>('Gateway');
    expect(gateway().value).toBe('');
    const offered = () =>
      within(gateway())
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(offered()).toEqual(['None (connects with its own credential)', 'Field gateway 1 (so-gw-1)']);
    change('Gateway', 'so-gw-1');
    change(/Code/, 'so-mtr-001');
    change('Name', 'Conveyor motor');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ gatewayId: 'so-gw-1' }));

    // Another facility drops the gateway and offers its own.
    change('Facility', OTHER_FACILITY);
    expect(gateway().value).toBe('');
    expect(offered()).toEqual(['None (connects with its own credential)', 'Campinas gateway (ca-gw-1)']);
    change('Type', 'gateway');
    expect(screen.queryByLabelText('Gateway')).toBeNull();
  });

  it('reads metrics separated by commas or spaces; none means the kind’s defaults', () => {
    expect(parseMetrics(' temperature,  humidity ;co2 ')).toEqual(['temperature', 'humidity', 'co2']);
    expect(parseMetrics(' , ')).toBeUndefined();
  });
});
