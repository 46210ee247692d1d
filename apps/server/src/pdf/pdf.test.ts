import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPdf, pdfBuffer, writeTotal } from './pdf-document.ts';
import { pdfDate, pdfDay, pdfMoney } from './pdf-format.ts';
import { sendPdf } from './pdf-reply.ts';
import { drawTable } from './pdf-table.ts';
import { pdfPageTexts } from './pdf-text.ts';

const TURKISH = 'Çiğ süt, ığdır, İŞLEM, Öğün, ŞÜKRÜ, çğıöşü ÇĞİÖŞÜ';

function sample(rows: number) {
  const doc = createPdf({
    company: 'Mandıra Süt Ürünleri',
    title: 'Hesap Ekstresi',
    details: [
      ['Müşteri', 'Ilgaz Şarküteri'],
      ['Dönem', `${pdfDay('2026-11-01')} – ${pdfDay('2026-11-23')}`],
    ],
  });
  drawTable(doc, {
    columns: [
      { header: 'Tarih', width: 2 },
      { header: 'Açıklama', width: 5 },
      { header: 'Tutar', width: 2, align: 'right' },
    ],
    rows: Array.from({ length: rows }, (_, index) => [
      pdfDate(new Date(Date.UTC(2026, 10, 1 + (index % 20), 10))),
      index === 0 ? TURKISH : `Satır ${index + 1}`,
      pdfMoney(1234.5 + index),
    ]),
    footer: ['', 'Toplam', pdfMoney(99_999.99)],
    emptyText: 'Kayıt bulunamadı',
  });
  writeTotal(doc, 'Kapanış bakiyesi', pdfMoney(-12.3));
  return doc;
}

describe('the PDF module', () => {
  it('prints Turkish letters, tr-TR money and days so that a reader gets them back intact', async () => {
    const pdf = await pdfBuffer(sample(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [text] = await pdfPageTexts(pdf);
    for (const words of [
      'Mandıra Süt Ürünleri',
      'Hesap Ekstresi',
      'Ilgaz Şarküteri',
      '01.11.2026 – 23.11.2026',
      TURKISH,
      '₺1.234,50',
      '₺99.999,99',
      'Kapanış bakiyesi: -₺12,30',
      'Sayfa 1 / 1',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('continues a long table on further pages with its header, and numbers the pages', async () => {
    const pages = await pdfPageTexts(await pdfBuffer(sample(120)));
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page).toContain('Açıklama');
      expect(page).toContain(`Sayfa ${index + 1} / ${pages.length}`);
    }
    expect(pages.at(-1)).toContain('Satır 120');
  });

  it('says so when a table has no rows', async () => {
    const doc = createPdf({ title: 'Boş Liste' });
    drawTable(doc, { columns: [{ header: 'Ad', width: 1 }], rows: [], emptyText: 'Kayıt bulunamadı' });
    expect((await pdfPageTexts(await pdfBuffer(doc)))[0]).toContain('Kayıt bulunamadı');
  });

  it('answers a Fastify request with the PDF as a download named in Turkish', async () => {
    const app = Fastify();
    app.get('/ekstre', (_request, reply) => sendPdf(reply, sample(2), 'Hesap Ekstresi Şarküteri.pdf'));
    const response = await app.inject({ method: 'GET', url: '/ekstre' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Hesap Ekstresi Sarkuteri.pdf"; filename*=UTF-8''Hesap%20Ekstresi%20%C5%9Eark%C3%BCteri.pdf`,
    );
    expect((await pdfPageTexts(response.rawPayload))[0]).toContain('Ilgaz Şarküteri');
  });
});
