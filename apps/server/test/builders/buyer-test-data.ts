import type { Buyer, CreateBuyerBody } from '@mandira/contract/buyers';
import { completeTckn } from '@mandira/contract/tckn';
import type { TestApp } from '../test-app.ts';

let sequence = 0;

/** A valid buyer body; each call gets its own code. */
export function buyerBody(overrides: Partial<CreateBuyerBody> = {}): CreateBuyerBody {
  sequence += 1;
  return {
    code: `MUS-${String(sequence).padStart(4, '0')}`,
    title: `Örnek Gıda Ltd. Şti. ${sequence}`,
    name: 'Ayşe',
    surname: 'Yılmaz',
    email: `satin.alma${sequence}@ornekgida.com.tr`,
    phone1: '0266 212 00 00',
    phone2: '',
    vkn: String(1_000_000_000 + sequence),
    taxOffice: 'Karesi',
    addressMain: 'Atatürk Cad. No: 1 Karesi / Balıkesir',
    addressSecondary: '',
    ...overrides,
  };
}

/** A valid T.C. kimlik number, different on every call. */
export function validTckn(): string {
  sequence += 1;
  return completeTckn(String(100_000_000 + sequence * 7919));
}

export async function createBuyer(t: TestApp, token: string, overrides: Partial<CreateBuyerBody> = {}) {
  const response = await t.call(token, { method: 'POST', url: '/api/buyers', payload: buyerBody(overrides) });
  if (response.statusCode !== 200) throw new Error(`buyer not created: ${response.body}`);
  return response.json.data as Buyer;
}
