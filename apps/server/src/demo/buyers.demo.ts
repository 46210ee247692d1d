import { CreateBuyerBody, CreateBuyerWarehouseBody } from '@mandira/contract/buyers';
import { completeTckn } from '@mandira/contract/tckn';
import type { Db } from '../db/client.ts';
import { SYSTEM_ACTOR } from '../http/auth.ts';
import { createBuyer } from '../modules/buyers/buyer.service.ts';
import { fetchErpBuyers, synchronizeBuyers } from '../modules/buyers/buyer-sync.service.ts';
import { createBuyerWarehouse } from '../modules/buyers/buyer-warehouse.service.ts';

type City = { name: string; district: string; phone: string; at: [number, number] };

const CITIES = {
  balikesir: { name: 'Balıkesir', district: 'Karesi', phone: '0266', at: [39.6484, 27.8826] },
  bandirma: { name: 'Balıkesir', district: 'Bandırma', phone: '0266', at: [40.352, 27.9767] },
  edremit: { name: 'Balıkesir', district: 'Edremit', phone: '0266', at: [39.5961, 27.0244] },
  bursa: { name: 'Bursa', district: 'Osmangazi', phone: '0224', at: [40.1885, 29.061] },
  izmir: { name: 'İzmir', district: 'Bornova', phone: '0232', at: [38.4622, 27.2167] },
  istanbul: { name: 'İstanbul', district: 'Ümraniye', phone: '0216', at: [41.0165, 29.1248] },
  ankara: { name: 'Ankara', district: 'Yenimahalle', phone: '0312', at: [39.9667, 32.8092] },
  canakkale: { name: 'Çanakkale', district: 'Merkez', phone: '0286', at: [40.1553, 26.4142] },
  manisa: { name: 'Manisa', district: 'Yunusemre', phone: '0236', at: [38.6191, 27.4289] },
  eskisehir: { name: 'Eskişehir', district: 'Tepebaşı', phone: '0222', at: [39.7767, 30.5206] },
  antalya: { name: 'Antalya', district: 'Muratpaşa', phone: '0242', at: [36.8969, 30.7133] },
  tekirdag: { name: 'Tekirdağ', district: 'Süleymanpaşa', phone: '0282', at: [40.978, 27.511] },
} satisfies Record<string, City>;
type CityKey = keyof typeof CITIES;

/** [code, title, contact name, surname, city, sole proprietor (TCKN) or company (VKN), extra depots] */
type DemoBuyer = [string, string, string, string, CityKey, 'tckn' | 'vkn', number];

const BUYERS: DemoBuyer[] = [
  ['MUS-001', 'Karesi Gıda Pazarlama Ltd. Şti.', 'Hüseyin', 'Aksoy', 'balikesir', 'vkn', 2],
  ['MUS-002', 'Kazdağı Şarküteri - Mehmet Kaya', 'Mehmet', 'Kaya', 'edremit', 'tckn', 0],
  ['MUS-003', 'Marmara Zincir Marketler A.Ş.', 'Elif', 'Demir', 'istanbul', 'vkn', 3],
  ['MUS-004', 'Uludağ Toptan Gıda San. Tic. Ltd. Şti.', 'Serkan', 'Öztürk', 'bursa', 'vkn', 1],
  ['MUS-005', 'Ege Kahvaltılık Ürünleri A.Ş.', 'Zeynep', 'Arslan', 'izmir', 'vkn', 1],
  ['MUS-006', 'Bandırma Liman Market - Ali Çelik', 'Ali', 'Çelik', 'bandirma', 'tckn', 0],
  ['MUS-007', 'Başkent Otel Tedarik Ltd. Şti.', 'Burak', 'Yıldız', 'ankara', 'vkn', 1],
  ['MUS-008', 'Truva Restoran İşletmeleri Ltd. Şti.', 'Deniz', 'Koç', 'canakkale', 'vkn', 0],
  ['MUS-009', 'Manisa Mesir Gıda Tic. Ltd. Şti.', 'Gökhan', 'Şahin', 'manisa', 'vkn', 1],
  ['MUS-010', 'Odunpazarı Şarküteri - Fatma Erdoğan', 'Fatma', 'Erdoğan', 'eskisehir', 'tckn', 0],
  ['MUS-011', 'Akdeniz Otelcilik Gıda Tedarik A.Ş.', 'Cem', 'Aydın', 'antalya', 'vkn', 2],
  ['MUS-012', 'Trakya Süt Mamulleri Dağıtım Ltd. Şti.', 'Hakan', 'Özdemir', 'tekirdag', 'vkn', 1],
  ['MUS-013', 'Altınoluk Butik Market - Ayşe Güneş', 'Ayşe', 'Güneş', 'edremit', 'tckn', 0],
  ['MUS-014', 'Anadolu Catering Hizmetleri A.Ş.', 'Emre', 'Kılıç', 'ankara', 'vkn', 1],
  ['MUS-015', 'Kent Yemek Fabrikası Ltd. Şti.', 'Selin', 'Yılmaz', 'istanbul', 'vkn', 1],
  ['MUS-016', 'Osmangazi Kahvaltı Salonu - Kemal Tunç', 'Kemal', 'Tunç', 'bursa', 'tckn', 0],
  ['MUS-017', 'Körfez Gıda Toptan Ltd. Şti.', 'Merve', 'Polat', 'izmir', 'vkn', 1],
  ['MUS-018', 'Susurluk Tost ve Ayran Evi - Murat Kurt', 'Murat', 'Kurt', 'balikesir', 'tckn', 0],
  ['MUS-019', 'Çanakkale Boğaz Market Ltd. Şti.', 'Canan', 'Aslan', 'canakkale', 'vkn', 1],
  ['MUS-020', 'Gönen Şarküteri ve Mandıra Ürünleri - Oğuz Şen', 'Oğuz', 'Şen', 'bandirma', 'tckn', 0],
  ['MUS-021', 'Yunusemre Toptancılar Ltd. Şti.', 'Tuba', 'Karaca', 'manisa', 'vkn', 0],
  ['MUS-022', 'Porsuk Gıda Dağıtım A.Ş.', 'Volkan', 'Bulut', 'eskisehir', 'vkn', 1],
  ['MUS-023', 'Lara Plaj Otelleri Tedarik Ltd. Şti.', 'İrem', 'Çetin', 'antalya', 'vkn', 0],
  ['MUS-024', 'Süleymanpaşa Kahvaltı Evi - Nuri Doğan', 'Nuri', 'Doğan', 'tekirdag', 'tckn', 0],
  ['MUS-025', 'Boğaziçi Şarküteri Zinciri A.Ş.', 'Ebru', 'Acar', 'istanbul', 'vkn', 2],
  ['MUS-026', 'Nilüfer Organik Gıda Ltd. Şti.', 'Onur', 'Yavuz', 'bursa', 'vkn', 0],
  ['MUS-027', 'Ayvalık Zeytin ve Peynir Evi - Derya Ekinci', 'Derya', 'Ekinci', 'edremit', 'tckn', 0],
  ['MUS-028', 'Kızılay Pastane ve Kafeleri Ltd. Şti.', 'Barış', 'Uçar', 'ankara', 'vkn', 1],
  ['MUS-029', 'Bornova Öğrenci Yurtları Yemekhane A.Ş.', 'Gizem', 'Tekin', 'izmir', 'vkn', 0],
  [
    'MUS-030',
    'Balıkesir Devlet Hastanesi Kantin - Yusuf Bozkurt',
    'Yusuf',
    'Bozkurt',
    'balikesir',
    'tckn',
    0,
  ],
];

const BRANCHES = ['Merkez Depo', 'Şube Deposu', 'Soğuk Hava Deposu', 'Dağıtım Noktası'];
const SLUGS: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u' };

function slug(text: string): string {
  return text
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşü]/g, (letter) => SLUGS[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '');
}

const ERP_SAMPLE = new URL('../../../../docs/erp-sample.json', import.meta.url);

/** Buyers and their delivery points through the services, then the sample ERP file into the queue. */
export async function seedBuyersDemo(db: Db): Promise<void> {
  for (const [index, [code, title, name, surname, cityKey, kind, extraDepots]] of BUYERS.entries()) {
    const city: City = CITIES[cityKey];
    const n = index + 1;
    const body = CreateBuyerBody.parse({
      code,
      title,
      name,
      surname,
      email: `${slug(name)}.${slug(surname)}@${slug(title.split(' ')[0]!)}.com.tr`,
      phone1: `${city.phone} ${String(200 + n * 7).slice(0, 3)} ${String(10 + n).padStart(2, '0')} ${String(40 + n).padStart(2, '0')}`,
      phone2: n % 3 === 0 ? `0532 ${String(300 + n)} ${String(20 + n)} ${String(60 + n)}` : '',
      tckn: kind === 'tckn' ? completeTckn(String(123_456_000 + n * 131)) : null,
      vkn: kind === 'vkn' ? String(4_810_000_000 + n * 97_531) : null,
      taxOffice: city.district,
      addressMain: `${['Atatürk', 'Cumhuriyet', 'İstiklal', 'Gazi'][n % 4]} Cad. No: ${n * 3} ${city.district} / ${city.name}`,
      addressSecondary: n % 4 === 0 ? `Sanayi Sitesi ${n}. Blok ${city.district} / ${city.name}` : '',
    });
    const buyer = await db.transaction((tx) => createBuyer(tx, SYSTEM_ACTOR, body));
    for (let depot = 0; depot <= extraDepots; depot++) {
      // Spread the points a few kilometres around the city centre, the same way on every run.
      const [lat, lng] = city.at;
      const warehouse = CreateBuyerWarehouseBody.parse({
        buyerId: buyer.id,
        code: `${code}-D${depot + 1}`,
        title: depot === 0 ? BRANCHES[0] : `${BRANCHES[depot % BRANCHES.length]} ${depot}`,
        latitude: Math.round((lat + (((n * 7 + depot * 13) % 11) - 5) * 0.006) * 1e6) / 1e6,
        longitude: Math.round((lng + (((n * 5 + depot * 17) % 11) - 5) * 0.008) * 1e6) / 1e6,
      });
      await db.transaction((tx) => createBuyerWarehouse(tx, SYSTEM_ACTOR, warehouse));
    }
  }
  const records = await fetchErpBuyers({ source: ERP_SAMPLE.href, timeoutMs: 10_000 });
  await db.transaction((tx) => synchronizeBuyers(tx, SYSTEM_ACTOR, records));
}
