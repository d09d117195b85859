import type { ImportProgress, ImportSummary } from './types';

const int = (n: number) => Math.round(n).toLocaleString('en-US');

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s >= 3600 ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** "1,234,567 rows  41,000 rows/s  37.2%  ETA 4m10s" (and a bar on a terminal). */
export function progressText(p: ImportProgress, bar: boolean): string {
  const rate = p.records / Math.max(p.elapsedMs / 1000, 0.001);
  const fraction = p.totalBytes ? Math.min(1, p.bytesRead / p.totalBytes) : 0;
  const eta = fraction > 0 ? ((p.elapsedMs / 1000) * (1 - fraction)) / fraction : Infinity;
  const text = `${int(p.records)} rows  ${int(rate)} rows/s  ${(fraction * 100).toFixed(1)}%  ETA ${duration(eta)}`;
  if (!bar) return text;
  const width = 30;
  const done = Math.round(fraction * width);
  return `[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${text}`;
}

/** Progress for the CLI: a redrawn bar on a terminal, a plain line every 5 s otherwise. */
export function createProgressReporter(stream: NodeJS.WriteStream): { update(p: ImportProgress): void; done(): void } {
  const tty = !!stream.isTTY;
  let lastLine = 0;
  return {
    update(p) {
      if (tty) {
        stream.write('\r' + progressText(p, true) + '\x1b[K');
      } else if (p.elapsedMs - lastLine >= 5000) {
        lastLine = p.elapsedMs;
        stream.write(progressText(p, false) + '\n');
      }
    },
    done() {
      if (tty) stream.write('\r\x1b[K');
    },
  };
}

/** What the operator should do about values a spreadsheet damaged beyond repair. */
export function repairAdvice(s: ImportSummary): string | null {
  if (!s.repaired.phonesLost) return null;
  return (
    `${int(s.repaired.phonesLost)} phone numbers were saved in scientific notation with digits missing and were left empty: ` +
    'import the file as downloaded from CMS, or save the phone column as text in the spreadsheet.'
  );
}

/**
 * The date a DAC file's values were given and why: the values of a file whose records carry no
 * date are as old as the file when freshest-wins compares them with NPPES's (ADR 035).
 */
export function fileDateText(fileDate: NonNullable<ImportSummary['fileDate']>): string {
  return fileDate.from === 'option'
    ? `${fileDate.date} (given)`
    : `${fileDate.date} (the file's modification day; give another with --file-date YYYY-MM-DD)`;
}

/**
 * The physician codes the taxonomy table does not hold yet, each with its count, most frequent
 * first: '2 physician taxonomy codes are not in the table: 207WX0199X (3), 2084X0001X (1): ...'.
 * Null when there are none.
 */
export function unlistedCodesText(notes: ImportSummary['notes']): string | null {
  if (!notes.unlistedTaxonomy) return null;
  // An old checkpoint's notes have the count without the codes.
  const codes = Object.entries(notes.unlistedCodes ?? {}).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  const named = codes.reduce((sum, [, n]) => sum + n, 0);
  const rest = notes.unlistedTaxonomy - named;
  const list = [
    ...codes.map(([code, n]) => `${code} (${int(n)})`),
    ...(rest > 0 ? [`${codes.length ? 'other codes' : 'codes not recorded'} (${int(rest)})`] : []),
  ];
  const what = codes.length && rest <= 0 ? `${int(codes.length)} physician taxonomy ${codes.length === 1 ? 'code is' : 'codes are'}` : 'physician taxonomy codes of ' + int(notes.unlistedTaxonomy) + ' records are';
  return (
    `${what} not in the table: ${list.join(', ')}: filed under their classification's specialty ` +
    '(add them to contract/taxonomy-map.ts)'
  );
}

/** Records a file older than the directory's brought: files only move forward. */
export function olderThanStoredText(count: number): string {
  return `${int(count)} ${count === 1 ? "record older than the directory's was" : "records older than the directory's were"} left as they are`;
}

/** The summary of a hospitals or affiliations file (its physician counts mean other things). */
function facilitySummaryLines(s: ImportSummary): string[] {
  const header = `${s.kind.toUpperCase()} import ${s.resumed ? '(resumed) ' : ''}finished in ${duration(s.seconds)} (${s.seconds.toFixed(1)} s, ${int(s.read / Math.max(s.seconds, 0.1))} rows/s)` +
    (s.skipped.malformed ? ` with ${int(s.skipped.malformed)} lines skipped` : '');
  const lines =
    s.kind === 'hospitals'
      ? [
          header,
          `  read        ${int(s.read)}  (encoding ${s.encoding})`,
          `  added       ${int(s.inserted)} hospitals`,
          `  updated     ${int(s.updated)}`,
          `  unchanged   ${int(s.unchanged)}`,
          `  repaired    ${int(s.repaired.codes + s.repaired.zips + s.repaired.phones)} (spreadsheet-saved CCNs, ZIPs, phones)`,
          `  malformed   ${int(s.skipped.malformed)}`,
        ]
      : [
          header,
          `  read        ${int(s.read)}  (encoding ${s.encoding})`,
          ...(s.fileDate ? [`  file date   ${fileDateText(s.fileDate)}`] : []),
          `  changed     ${int(s.updated)} physicians (of them ${int(s.notes.affiliationsEnded)} whose affiliations ended: no longer in the file)`,
          `  unchanged   ${int(s.unchanged)} physicians`,
          `  not in the directory ${int(s.skipped.notPhysician)} NPIs (counted, not stored)`,
          `  unknown facilities   ${int(s.notes.unknownFacilities)} affiliations name a CCN the hospitals file does not hold (kept with the number)`,
          `  suppressed  ${int(s.skipped.suppressed)} (removal list)`,
          `  malformed   ${int(s.skipped.malformed)}`,
        ];
  for (const m of s.malformed.slice(0, 20)) lines.push(`      line ${m.line}: ${m.reason}`);
  if (s.skipped.malformed > 20) lines.push(`      ... and ${int(s.skipped.malformed - 20)} more`);
  if (s.notes.affiliationsNotEnded) lines.push(`  affiliations no longer in the file were not ended: ${s.notes.affiliationsNotEnded}`);
  return lines;
}

export function summaryText(s: ImportSummary): string {
  if (s.kind === 'hospitals' || s.kind === 'affiliations') return facilitySummaryLines(s).join('\n');
  const repaired = s.repaired.dates + s.repaired.zips + s.repaired.codes + s.repaired.phones;
  const lines = [
    `${s.kind.toUpperCase()} import ${s.resumed ? '(resumed) ' : ''}finished in ${duration(s.seconds)} (${s.seconds.toFixed(1)} s, ${int(s.read / Math.max(s.seconds, 0.1))} rows/s)` +
      (s.skipped.malformed ? ` with ${int(s.skipped.malformed)} lines skipped` : ''),
    `  read        ${int(s.read)}  (encoding ${s.encoding})`,
    ...(s.fileDate ? [`  file date   ${fileDateText(s.fileDate)}`] : []),
    `  inserted    ${int(s.inserted)}`,
    `  updated     ${int(s.updated)}`,
    `  unchanged   ${int(s.unchanged)}`,
    `  removed     ${int(s.removed)} (deactivated NPIs that were in the directory)`,
    ...(s.olderThanStored ? [`  older       ${olderThanStoredText(s.olderThanStored)}`] : []),
    `  in training ${int(s.notes.inTraining)} (residents and fellows)`,
    `  repaired    ${int(repaired)} (spreadsheet-saved values: ${int(s.repaired.dates)} dates, ${int(s.repaired.zips)} ZIPs, ${int(s.repaired.codes)} codes, ${int(s.repaired.phones)} phones)`,
    `  skipped:`,
    `    organisation            ${int(s.skipped.organisation)}`,
    `    not a physician         ${int(s.skipped.notPhysician)}`,
    `    MD/DO, no physician code ${int(s.skipped.credentialWithoutPhysicianCode)}`,
    `    other clinician (DDS, NP) ${int(s.skipped.credentialNotPhysician)}`,
    `    deactivated             ${int(s.skipped.deactivated)}`,
    `    suppressed (removed)    ${int(s.skipped.suppressed)}`,
    `    malformed               ${int(s.skipped.malformed)}`,
  ];
  for (const m of s.malformed.slice(0, 20)) lines.push(`      line ${m.line}: ${m.reason}`);
  if (s.skipped.malformed > 20) lines.push(`      ... and ${int(s.skipped.malformed - 20)} more`);
  const unlisted = unlistedCodesText(s.notes);
  if (unlisted) lines.push(`  ${unlisted}`);
  if (s.notes.unknownSpecialty) lines.push(`  ${int(s.notes.unknownSpecialty)} records had a specialty value no table holds: kept as 'Other' (add it to contract/dac-specialty-map.ts)`);
  const advice = repairAdvice(s);
  if (advice) lines.push(`  ${advice}`);
  return lines.join('\n');
}
