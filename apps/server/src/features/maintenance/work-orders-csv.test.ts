import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { seedPlant } from '../../../test/plant-fixture';

describe.each(testDatabaseKinds())('work orders CSV export on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let viewerEn: TestClient;
  let operator: TestClient;
  const at = new Date('2026-03-05T11:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    viewerEn = await server.enrolledClient('vince@example.com', 'viewer', 'en');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    await seedPlant(server.database.db);
    const order = (title: string, kind: 'corrective' | 'preventive', equipmentId: string) =>
      operator.trpc.maintenance.orders.create.mutate({
        title,
        kind,
        priority: 'high',
        equipmentId,
        scheduledAt: at,
        durationHours: 1.5,
      });
    await order('Troca de rolamentos', 'corrective', 'mtr-a1');
    await order('Inspeção; mensal', 'preventive', 'mtr-a2');
    await order('=Limpeza', 'corrective', 'mtr-b1');
  });
  afterAll(() => server.close());

  it('writes the header and the orders the filters match, in the caller’s language', async () => {
    const file = await viewer.trpc.maintenance.orders.exportCsv.query({ kind: 'corrective', page: 1, pageSize: 25 });
    expect(file).toMatchObject({ filename: 'ordens-de-servico-2026-03-02.csv', rows: 2, truncated: false });
    const lines = file.csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Número;Título;Status;Tipo;Prioridade;Agendada para (UTC);Duração prevista (h);Equipamento;Instalação;Sala;Técnico;Checklist;Concluída em (UTC);Custo (R$)',
    );
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).join('\n')).toContain(
      'Troca de rolamentos;Agendada;Corretiva;Alta;2026-03-05T11:00:00.000Z;1,5;Motor A1;Fábrica Alfa;Sala A1;Não atribuído;0/0;;0,00',
    );
    // A formula is neutralised; the preventive order is filtered out.
    expect(file.csv).toContain(";'=Limpeza;");
    expect(file.csv).not.toContain('Inspeção');

    const en = await viewerEn.trpc.maintenance.orders.exportCsv.query({ search: 'mensal', page: 1, pageSize: 25 });
    expect(en).toMatchObject({ filename: 'work-orders-2026-03-02.csv', rows: 1 });
    const [header, row] = en.csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toMatch(/^Number,Title,Status,Kind,Priority,Scheduled for \(UTC\)/);
    expect(row).toContain(
      'OS-2026-0002,Inspeção; mensal,Scheduled,Preventive,High,2026-03-05T11:00:00.000Z,1.5,Motor A2',
    );
  });
});
