import { cnpjCheckDigits } from '@sentinela/shared/cnpj';
import type { SupplierCategory } from '@sentinela/shared/procurement-values';
import type { Database } from '../client';
import { supplierContacts, suppliers } from '../schema/procurement';

/**
 * The demo site's suppliers (fictitious companies, CNPJs with valid check digits): what a
 * Brazilian plant buys electrical material, motors, HVAC service, lighting, automation, tools and
 * PPE from. Later demo data (parts, purchase orders) finds them by CNPJ.
 */
interface DemoSupplier {
  legalName: string;
  tradeName: string;
  /** The first 12 digits (root + branch); the check digits are computed. */
  base: string;
  categories: SupplierCategory[];
  paymentTerms: string;
  active?: boolean;
  notes?: string;
  contacts: { name: string; email?: string; phone?: string }[];
}

const DEMO_SUPPLIERS: DemoSupplier[] = [
  {
    legalName: 'Eletro Paulista Comércio de Materiais Elétricos Ltda',
    tradeName: 'Eletro Paulista',
    base: '128453670001',
    categories: ['electrical', 'lighting'],
    paymentTerms: '28 dias',
    contacts: [
      { name: 'Márcia Tavares', email: 'compras@eletropaulista.com.br', phone: '1932145500' },
      { name: 'Rogério Nunes', email: 'rogerio.nunes@eletropaulista.com.br', phone: '19991234567' },
    ],
  },
  {
    legalName: 'Motores Vale do Itajaí Indústria e Comércio Ltda',
    tradeName: 'MotoVale',
    base: '073918240001',
    categories: ['motors_drives', 'services'],
    paymentTerms: '30/60 DDL',
    notes: 'Rebobinamento e reparo de motores até 500 cv; retira e entrega na planta de Joinville.',
    contacts: [{ name: 'Anderson Schmitt', email: 'vendas@motovale.ind.br', phone: '4733871200' }],
  },
  {
    legalName: 'Climatiza Sul Refrigeração e Ar Condicionado Ltda',
    tradeName: 'Climatiza Sul',
    base: '215607390001',
    categories: ['hvac', 'services'],
    paymentTerms: '28 dias',
    contacts: [
      { name: 'Patrícia Kowalski', email: 'atendimento@climatizasul.com.br', phone: '4130225800' },
      { name: 'Plantão técnico', phone: '41988776655' },
    ],
  },
  {
    legalName: 'Luminar Iluminação Industrial S.A.',
    tradeName: 'Luminar',
    base: '309172580001',
    categories: ['lighting'],
    paymentTerms: '45 dias',
    contacts: [{ name: 'Felipe Andrade', email: 'felipe.andrade@luminar.com.br', phone: '1138957700' }],
  },
  {
    legalName: 'AutomaTech Soluções em Automação Ltda',
    tradeName: 'AutomaTech',
    base: '184206950001',
    categories: ['automation', 'electrical'],
    paymentTerms: '30 dias',
    contacts: [{ name: 'Juliana Prado', email: 'juliana@automatech.com.br', phone: '19987651234' }],
  },
  {
    legalName: 'Ferramentas Bandeirantes Comércio Ltda',
    tradeName: 'Bandeirantes Ferramentas',
    base: '056381720001',
    categories: ['tools'],
    paymentTerms: 'À vista (5% de desconto)',
    contacts: [{ name: 'Sérgio Okada', email: 'sergio@bandeirantesferramentas.com.br', phone: '1132567788' }],
  },
  {
    legalName: 'Protege EPI Equipamentos de Segurança Ltda',
    tradeName: 'Protege EPI',
    base: '247935160001',
    categories: ['safety'],
    paymentTerms: '28 dias',
    contacts: [{ name: 'Camila Ribeiro', email: 'camila.ribeiro@protegeepi.com.br' }],
  },
  {
    legalName: 'Rolamentos Campinas Distribuidora Ltda',
    tradeName: 'RolCamp',
    base: '110482930001',
    categories: ['motors_drives', 'other'],
    paymentTerms: '21 dias',
    contacts: [
      { name: 'Eduardo Lima', email: 'eduardo@rolcamp.com.br', phone: '1932516600' },
      { name: 'Balcão', phone: '1932516601' },
    ],
  },
  {
    legalName: 'Manutec Serviços Industriais Ltda',
    tradeName: 'Manutec',
    base: '342876150001',
    categories: ['services', 'electrical'],
    paymentTerms: '30 dias após medição',
    notes: 'Contrato de manutenção de subestação e termografia semestral.',
    contacts: [{ name: 'Ricardo Menezes', email: 'contratos@manutec.srv.br', phone: '4732270900' }],
  },
  {
    legalName: 'Cabos & Conexões Joinville Ltda',
    tradeName: 'CaboJoi',
    base: '093527410001',
    categories: ['electrical'],
    paymentTerms: '28 dias',
    active: false,
    notes: 'Inativo desde a mudança de endereço; compras de cabos passaram para a Eletro Paulista.',
    contacts: [{ name: 'Tânia Becker', email: 'tania@cabojoi.com.br', phone: '4734221100' }],
  },
];

/** The demo suppliers' CNPJs (14 digits), in the order above. */
export const demoSupplierCnpjs = DEMO_SUPPLIERS.map((s) => s.base + cnpjCheckDigits(s.base));

/** Inserts the demo suppliers and their contacts; answers how many suppliers. */
export async function insertDemoSuppliers(tx: Database): Promise<number> {
  const rows = await tx
    .insert(suppliers)
    .values(
      DEMO_SUPPLIERS.map((s, i) => ({
        legalName: s.legalName,
        tradeName: s.tradeName,
        cnpj: demoSupplierCnpjs[i] ?? '',
        categories: s.categories,
        paymentTerms: s.paymentTerms,
        active: s.active ?? true,
        notes: s.notes ?? null,
      })),
    )
    .returning({ id: suppliers.id, cnpj: suppliers.cnpj });
  const idOf = new Map(rows.map((r) => [r.cnpj, r.id]));
  const contacts = DEMO_SUPPLIERS.flatMap((s, i) =>
    s.contacts.map((c, position) => ({
      supplierId: idOf.get(demoSupplierCnpjs[i] ?? '') ?? '',
      position,
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
    })),
  );
  await tx.insert(supplierContacts).values(contacts);
  return rows.length;
}
