import type { CheckoutDraft } from '../stores/checkout-draft'

/** The invoice fields of the chosen mode (and carrier), in the shape contract/invoice validates. */
export function invoiceInputOf(invoice: CheckoutDraft['invoice']): Record<string, string> {
  const common = { email: invoice.email, name: invoice.name }
  switch (invoice.mode) {
    case 'company':
      return { mode: 'company', tax_id: invoice.tax_id, company_title: invoice.company_title, ...common }
    case 'donation':
      return { mode: 'donation', donation_code: invoice.donation_code, ...common }
    default:
      return invoice.carrier_type === 'none'
        ? { mode: 'personal', carrier_type: 'none', ...common }
        : { mode: 'personal', carrier_type: invoice.carrier_type, carrier_code: invoice.carrier_code, ...common }
  }
}
