import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { writePdfProfile, writePdfTable } from './pdf';
import type { PdfTable } from './table';

/** The text items of a page (each a line of a cell as drawn), with their font size, in drawing order. */
async function drawn(buffer: Buffer, pageNumber = 1): Promise<Array<{ text: string; size: number }>> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const page = await pdf.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items.flatMap((item) =>
    'str' in item && item.str ? [{ text: item.str, size: Math.hypot(item.transform[0], item.transform[1]) }] : [],
  );
}
const pageItems = async (buffer: Buffer) => (await drawn(buffer)).map((item) => item.text);

const LONG_EMAIL = 'a.very.long.mailbox.name.that.keeps.going.and.going.and.going@an-even-longer-hospital-domain.example.com';

/** A table as the exports feature makes it: names, places, phones and emails with their checks beneath. */
function physicians(count: number, email = (i: number) => `deborah.adams.${110_600 + i}@example-health.org`): PdfTable {
  return {
    title: 'Physicians',
    columns: [
      { header: 'Name', weight: 3 },
      { header: 'Specialty', weight: 2 },
      { header: 'Location', weight: 2 },
      { header: 'Mobile', weight: 1, keepWhole: true },
      { header: 'Work Phone', weight: 1, keepWhole: true, dropOrder: 1 },
      { header: 'Email', weight: 2, keepWhole: true },
      { header: 'NPI', weight: 1, keepWhole: true },
      { header: 'Organization', weight: 2, dropOrder: 2, onlyWithRoom: true },
    ],
    rows: Array.from({ length: count }, (_, i) => [
      { text: i % 3 ? `Philip Alvarado-Castellanos, MD` : 'Jo Li, DO' },
      { text: 'Obstetrics and Gynecology', note: 'Maternal and Fetal Medicine' },
      { text: 'San Luis Obispo, CA 93401' },
      { text: '(805) 555-0134', note: 'Verified valid · 65 %' },
      { text: '(805) 555-0199', note: 'Risky · 40 %' },
      { text: email(i), note: i % 2 ? 'Verified valid, 12 Nov 2026 · 75 % confidence' : 'Not yet checked' },
      { text: String(1_234_567_890 + i) },
      { text: 'Memorial Hermann Texas Medical Center' },
    ]),
  };
}

/** Every word of the table's texts (headers, values, notes): a drawn word that is none of these was broken. */
function wordsOf(table: PdfTable): Set<string> {
  const texts = [
    ...table.columns.map((c) => c.header),
    ...table.rows.flatMap((row) => row.flatMap((cell) => [cell.text ?? '', cell.note ?? ''])),
  ];
  return new Set(texts.flatMap((text) => text.split(' ')).filter(Boolean));
}

describe('writePdfTable', () => {
  it('wraps cells between words only: a URL or an email keeps its line, words wrap at spaces', async () => {
    const url = `https://www.linkedin.com/in/${'a-very-long-profile-name-'.repeat(4)}end`;
    const skills = 'Interventional Cardiology, Echocardiography, Nuclear Cardiology, Leadership';
    const buffer = await writePdfTable(
      {
        title: 'Physicians',
        columns: [
          { header: 'LinkedIn', weight: 1 },
          { header: 'Skills', weight: 1 },
          { header: 'Name', weight: 8 },
        ],
        rows: [[{ text: url }, { text: skills }, { text: 'Jane Smith, MD' }]],
      },
      '1 physician',
    );
    const items = await pageItems(buffer);
    // The URL is one word: one line, whole.
    expect(items).toContain(url);
    // The skills wrap at spaces, their words whole.
    const skillLines = items.filter((item) => skills.includes(item) && item.length > 3);
    expect(skillLines.length).toBeGreaterThan(1);
    expect(skillLines.join(' ')).toBe(skills);
    expect(items).toContain('Jane Smith, MD');

    const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
    expect(text).toContain(url);
  });

  it('97 physicians: no header or cell broken inside a word, day, number, phone or email; every text at 8 pt or more', async () => {
    const table = physicians(97);
    const buffer = await writePdfTable(table, '97 physicians');
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    const words = wordsOf(table);
    for (let page = 1; page <= pdf.numPages; page++) {
      const items = await drawn(buffer, page);
      const small = items.filter((item) => item.size < 8 - 0.01);
      expect(small, `page ${page}`).toEqual([]);
      // The title, subtitle and page footer aside, every word drawn is a whole word of the table.
      expect(items.at(-1)?.text).toBe(`Physicians · page ${page} of ${pdf.numPages}`);
      const broken = items.slice(0, -1).filter((item) => !['Physicians', '97 physicians'].includes(item.text)).flatMap((item) => item.text.split(' ')).filter((word) => word && !words.has(word));
      expect(broken, `page ${page}`).toEqual([]);
      // A day, a number with its unit and a phone stay on one line.
      for (const item of items) {
        if (/\bNov\b/.test(item.text)) expect(item.text).toMatch(/12 Nov 2026/);
        if (/%/.test(item.text)) expect(item.text).toMatch(/\d+ %/);
        if (/\(805\)/.test(item.text)) expect(item.text).toMatch(/^\(805\) 555-01\d\d$/);
      }
    }
    const all = (await Promise.all(Array.from({ length: pdf.numPages }, (_, i) => drawn(buffer, i + 1)))).flat().map((item) => item.text);
    for (const header of ['Name', 'Specialty', 'Location', 'Mobile', 'Email', 'NPI']) expect(all).toContain(header);
    for (let i = 0; i < 97; i++) {
      expect(all).toContain(String(1_234_567_890 + i));
      expect(all).toContain(`deborah.adams.${110_600 + i}@example-health.org`);
    }
    // Landscape Letter at 8 pt, each row a value and its check: 20 rows a page (the organisation
    // left out: with it the others would wrap).
    expect(pdf.numPages).toBe(5);
    expect(all).not.toContain('Organization');
  });

  it('a value too wide for every column: optional columns give way, the value stays whole on its line', async () => {
    const table = physicians(3, () => LONG_EMAIL);
    const items = await pageItems(await writePdfTable(table, '3 physicians'));
    expect(items).toContain(LONG_EMAIL);
    expect(items.filter((item) => item !== LONG_EMAIL && LONG_EMAIL.includes(item) && item.length > 3)).toEqual([]);
    // The organisation went first; the columns a recruiter reads first stay.
    expect(items).not.toContain('Organization');
    for (const header of ['Name', 'Specialty', 'Location', 'Mobile', 'Email', 'NPI']) expect(items).toContain(header);
    expect(items).toContain('(805) 555-0134');
  });
});

describe('one-line values', () => {
  it('keeps each email and phone whole on one line', async () => {
    const emails = ['deborah.adams.110606@example-health.org', LONG_EMAIL];
    const phones = ['(555) 010-0001', '+1 (555) 010-0002 ext. 4417'];
    const buffer = await writePdfTable(
      {
        title: 'Physicians',
        columns: [
          { header: 'Name', weight: 24 },
          { header: 'Organization', weight: 26, dropOrder: 1 },
          { header: 'Email', weight: 30, keepWhole: true },
          { header: 'Phone', weight: 16, keepWhole: true },
          { header: 'Skills', weight: 30, dropOrder: 2 },
          { header: 'Education', weight: 31, dropOrder: 3 },
          { header: 'LinkedIn', weight: 29, dropOrder: 4 },
        ],
        rows: emails.map((email, i) => [
          { text: `Doctor ${i}` },
          { text: 'Memorial Hermann Texas Medical Center' },
          { text: email },
          { text: phones[i] },
          { text: 'Interventional Cardiology, Echocardiography' },
          { text: 'Baylor College of Medicine - MD' },
          { text: 'https://www.linkedin.com/in/doctor' },
        ]),
      },
      '2 physicians',
    );
    const items = await pageItems(buffer);
    for (const value of [...emails, ...phones]) expect(items, value).toContain(value);
    // Nothing of them drawn in pieces.
    expect(items.filter((item) => item !== emails[1] && emails[1].startsWith(item) && item.length > 3)).toEqual([]);
  });

  it("draws the profile's email and phone on one line each", async () => {
    const buffer = await writePdfProfile({
      title: 'Jane Smith, MD',
      subtitle: 'Cardiology',
      sections: [
        {
          heading: 'Contact',
          lines: [
            ['Email', LONG_EMAIL, { oneLine: true }],
            ['Phone', '(555) 010-0001', { oneLine: true }],
          ],
        },
      ],
      footer: 'Exported',
    });
    const items = await pageItems(buffer);
    expect(items).toContain(LONG_EMAIL);
    expect(items).toContain('(555) 010-0001');
  });
});
