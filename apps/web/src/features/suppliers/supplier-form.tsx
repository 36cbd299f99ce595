import { formatCnpj } from '@sentinela/shared/cnpj';
import {
  SUPPLIER_CONTACTS_MAX,
  supplierCategoryValues,
  type SupplierCategory,
} from '@sentinela/shared/procurement-values';
import type { SupplierDetail } from '@sentinela/shared/suppliers';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CheckedForm, FormActions, useCheckedForm, useFieldValues } from '../../components/checked-form';
import { CheckboxGroup, FormInput } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { Button } from '../../components/ui/button';
import { useStrings } from '../../lib/i18n/strings';
import { suppliersStrings } from './suppliers.strings';

const CONTACT_FIELDS = Array.from({ length: SUPPLIER_CONTACTS_MAX }, (_, i) =>
  ['name', 'email', 'phone'].map((f) => `contacts.${i}.${f}`),
).flat();
const FIELDS = ['legalName', 'tradeName', 'cnpj', 'categories', 'paymentTerms', 'notes', 'contacts', ...CONTACT_FIELDS];

interface ContactDraft {
  key: number;
  name: string;
  email: string;
  phone: string;
}

/** What the form sends (the shared schema's input). */
export interface SupplierFormInput {
  legalName: string;
  tradeName: string;
  cnpj: string;
  categories: SupplierCategory[];
  paymentTerms: string;
  notes: string;
  contacts: { name: string; email: string; phone: string }[];
}

interface SupplierFormProps {
  /** The supplier being edited; none: a new one. */
  initial?: SupplierDetail;
  /** Sends the checked input; answers the saved supplier (a refusal throws). */
  save: (input: SupplierFormInput) => Promise<SupplierDetail>;
  onSaved: (saved: SupplierDetail) => Promise<unknown> | void;
  onCancel: () => void;
}

let nextKey = 0;

/**
 * A supplier's fields: the CNPJ masked as it is typed (00.000.000/0000-00), categories, payment
 * terms, notes and contacts. Checked with the shared schema (loaded on submit: it brings zod),
 * then by the server.
 */
export function SupplierForm({ initial, save, onSaved, onCancel }: SupplierFormProps) {
  const t = useStrings(suppliersStrings);
  const tForm = useStrings(formStrings);
  const { values, change } = useFieldValues({
    legalName: initial?.legalName ?? '',
    tradeName: initial?.tradeName ?? '',
    cnpj: initial ? formatCnpj(initial.cnpj) : '',
    paymentTerms: initial?.paymentTerms ?? '',
    notes: initial?.notes ?? '',
  });
  const [categories, setCategories] = useState<SupplierCategory[]>(initial?.categories ?? []);
  const [contacts, setContacts] = useState<ContactDraft[]>(
    (initial?.contacts ?? []).map((c) => ({
      key: nextKey++,
      name: c.name,
      email: c.email ?? '',
      phone: c.phone ?? '',
    })),
  );

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    change({ [name]: name === 'cnpj' ? formatCnpj(event.target.value) : event.target.value });
  };
  const setContact = (key: number, field: 'name' | 'email' | 'phone', value: string) => {
    setContacts((list) => list.map((c) => (c.key === key ? { ...c, [field]: value } : c)));
  };

  const raw = (): SupplierFormInput => ({
    ...values,
    categories,
    contacts: contacts.map(({ name, email, phone }) => ({ name, email, phone })),
  });
  const form = useCheckedForm(FIELDS, {
    parse: async () => {
      const { supplierInput } = await import('@sentinela/shared/procurement');
      return supplierInput.safeParse(raw());
    },
    // What was typed is sent (the server checks it again), not the parsed copy.
    send: async () => {
      const saved = await save(raw());
      await onSaved(saved);
    },
  });
  const { errors } = form;

  const text = (name: 'legalName' | 'tradeName' | 'paymentTerms' | 'notes', label: string, hint?: string) => (
    <FormInput
      label={label}
      optional={name !== 'legalName'}
      error={errors[name]}
      hint={hint}
      name={name}
      value={values[name]}
      onChange={set(name)}
    />
  );

  return (
    <CheckedForm form={form}>
      {text('legalName', t('form.legalName'))}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {text('tradeName', t('form.tradeName'))}
        <FormInput
          label={t('form.cnpj')}
          error={errors.cnpj}
          hint={t('form.cnpjHint')}
          name="cnpj"
          inputMode="numeric"
          autoComplete="off"
          value={values.cnpj}
          onChange={set('cnpj')}
        />
      </div>
      <CheckboxGroup
        legend={t('form.categories')}
        name="categories"
        className="grid grid-cols-1 gap-1 sm:grid-cols-3"
        options={supplierCategoryValues.map((category) => ({ value: category, label: t(`category.${category}`) }))}
        checked={categories}
        onChange={setCategories}
        error={errors.categories}
      />
      {text('paymentTerms', t('form.paymentTerms'), t('form.paymentTermsHint'))}
      {text('notes', t('form.notes'))}

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.contacts')}</legend>
        {contacts.map((contact, i) => {
          const n = i + 1;
          const field = (name: 'name' | 'email' | 'phone', label: string, type = 'text') => (
            <FormInput
              label={label}
              error={errors[`contacts.${i}.${name}`]}
              type={type}
              value={contact[name]}
              onChange={(e) => {
                setContact(contact.key, name, e.target.value);
              }}
            />
          );
          return (
            <div
              key={contact.key}
              className="grid grid-cols-1 items-end gap-2 rounded-md border p-2 sm:grid-cols-[1fr_1fr_1fr_auto]"
            >
              {field('name', t('form.contactName', { n }))}
              {field('email', t('form.contactEmail', { n }), 'email')}
              {field('phone', t('form.contactPhone', { n }), 'tel')}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('form.removeContact', { n })}
                onClick={() => {
                  setContacts((list) => list.filter((c) => c.key !== contact.key));
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          );
        })}
        {errors.contacts && <p className="text-xs text-destructive">{errors.contacts}</p>}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={contacts.length >= SUPPLIER_CONTACTS_MAX}
            onClick={() => {
              setContacts((list) => [...list, { key: nextKey++, name: '', email: '', phone: '' }]);
            }}
          >
            <Plus aria-hidden />
            {t('form.addContact')}
          </Button>
        </div>
      </fieldset>

      <FormActions saving={form.saving} submitLabel={tForm('save')} onCancel={onCancel} />
    </CheckedForm>
  );
}
