import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { writePdfTable } from './pdf';

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
