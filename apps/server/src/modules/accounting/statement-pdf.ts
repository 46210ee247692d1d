import type { AccountStatement } from '@mandira/contract/accounting';
import { pdfDrawing } from '../../pdf/documents.ts';
import { createPdf, type PdfDoc, writeTotal } from '../../pdf/pdf-document.ts';
import { pdfDateTime, pdfDay, pdfMoney } from '../../pdf/pdf-format.ts';
import { drawTable } from '../../pdf/pdf-table.ts';

const money = (amount: number) => (amount === 0 ? '' : pdfMoney(amount));

/** The account statement as a printed document: company, buyer, range, the lines, the totals. */
export function statementPdf(statement: AccountStatement, companyName: string): PdfDoc {
  const { buyer } = statement;
  const range = `${statement.from ? pdfDay(statement.from) : 'İlk hareketten'} – ${pdfDay(statement.to)}`;
  const doc = createPdf({
    company: companyName,
    title: 'Hesap Ekstresi',
    details: [
      ['Müşteri', `${buyer.title} (${buyer.code})`],
      ['Dönem', range],
      ['Düzenlenme', pdfDateTime(new Date())],
    ],
  });
  drawTable(doc, {
    columns: [
      { header: 'Tarih', width: 2.7 },
      { header: 'Sipariş No', width: 1.2, align: 'right' },
      { header: 'Açıklama', width: 4.6 },
      { header: 'Logo Fatura No', width: 1.8 },
      { header: 'Borç', width: 1.8, align: 'right' },
      { header: 'Alacak', width: 1.8, align: 'right' },
      { header: 'Bakiye', width: 2, align: 'right' },
    ],
    rows: [
      ['', '', 'Açılış bakiyesi', '', '', '', pdfMoney(statement.openingBalance)],
      ...statement.lines.map((line) => [
        pdfDateTime(line.date),
        String(line.relatedOrderNumber),
        line.description,
        line.logoInvoiceId ?? '',
        money(line.debit),
        money(line.credit),
        pdfMoney(line.balance),
      ]),
    ],
    footer: [
      '',
      '',
      'Dönem toplamı',
      '',
      pdfMoney(statement.totalDebit),
      pdfMoney(statement.totalCredit),
      pdfMoney(statement.closingBalance),
    ],
  });
  writeTotal(doc, 'Açılış bakiyesi', pdfMoney(statement.openingBalance));
  writeTotal(doc, 'Kapanış bakiyesi', pdfMoney(statement.closingBalance));
  if (statement.closingBalance < 0) {
    writeTotal(doc, 'Müşteri alacaklı', pdfMoney(-statement.closingBalance));
  }
  return doc;
}

/** 'Hesap Ekstresi M-001 2026-11-01 2026-11-23.pdf' */
export function statementFileName(statement: AccountStatement): string {
  const code = statement.buyer.code.replace(/[^\p{L}\p{N}_-]+/gu, '-');
  return `Hesap Ekstresi ${code} ${statement.from ?? 'baştan'} ${statement.to}.pdf`;
}

/** The statement as a document the render workers draw (decision 98). */
export const STATEMENT_DOCUMENT = pdfDrawing(import.meta.url, 'statementPdf', statementPdf);
