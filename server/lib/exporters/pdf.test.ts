import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { writePdfProfile, writePdfTable } from './pdf';

/** The text items of page 1, in drawing order. */
async function pageItems(buffer: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
}

describe('writePdfTable', () => {
  it('wraps cells at spaces and breaks a word wider than its column between characters, dropping nothing', async () => {
    const url = `https://www.linkedin.com/in/${'a-very-long-profile-name-'.repeat(4)}end`;
    const skills = 'Interventional Cardiology, Echocardiography, Nuclear Cardiology, Leadership';
    const buffer = await writePdfTable(
      {
        title: 'Physicians',
        columns: [
          { header: 'LinkedIn', width: 10 },
          { header: 'Skills', width: 10 },
          { header: 'Name', width: 80 },
        ],
        rows: [[url, skills, 'Jane Smith, MD']],
      },
      '1 physician',
    );
    const items = await pageItems(buffer);
    // Each line is drawn on its own: the URL over several lines, the skills broken at spaces.
    const urlLines = items.filter((item) => url.includes(item) && item !== url && item.length > 3);
    expect(urlLines.length).toBeGreaterThan(3);
    expect(urlLines.join('')).toBe(url);
    const skillLines = items.filter((item) => skills.includes(item) && item.length > 3);
    expect(skillLines.length).toBeGreaterThan(2);
    expect(skillLines.join(' ')).toBe(skills);
    expect(items).toContain('Jane Smith, MD');

    const { text } = await extractText(await getDocumentProxy(new Uint8Array(buffer)), { mergePages: true });
    expect(text.replace(/\s+/g, '')).toContain(url);
  });
});

describe('one-line columns', () => {
  it('keeps each email and phone whole on one line: a wider column, else a smaller font', async () => {
    const emails = [
      'deborah.adams.110606@example-health.org',
      'a.very.long.mailbox.name.that.keeps.going.and.going.and.going@an-even-longer-hospital-domain.example.com',
    ];
    const phones = ['(555) 010-0001', '+1 (555) 010-0002 ext. 4417'];
    const buffer = await writePdfTable(
      {
        title: 'Physicians',
        columns: [
          { header: 'Name', width: 24 },
          { header: 'Organization', width: 26 },
          { header: 'Email', width: 30, oneLine: true },
          { header: 'Phone', width: 16, oneLine: true },
          { header: 'Skills', width: 30 },
          { header: 'Education', width: 31 },
          { header: 'LinkedIn', width: 29 },
        ],
        rows: emails.map((email, i) => [
          `Doctor ${i}`,
          'Memorial Hermann Texas Medical Center',
          email,
          phones[i],
          'Interventional Cardiology, Echocardiography',
          'Baylor College of Medicine - MD',
          'https://www.linkedin.com/in/doctor',
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
    const email = 'a.very.long.mailbox.name.that.keeps.going.and.going.and.going@an-even-longer-hospital-domain.example.com';
    const buffer = await writePdfProfile({
      title: 'Jane Smith, MD',
      subtitle: 'Cardiology',
      sections: [
        {
          heading: 'Contact',
          lines: [
            ['Email', email, { oneLine: true }],
            ['Phone', '(555) 010-0001', { oneLine: true }],
          ],
        },
      ],
      footer: 'Exported',
    });
    const items = await pageItems(buffer);
    expect(items).toContain(email);
    expect(items).toContain('(555) 010-0001');
  });
});
