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

export function summaryText(s: ImportSummary): string {
  const lines = [
    `${s.kind.toUpperCase()} import ${s.resumed ? '(resumed) ' : ''}finished in ${duration(s.seconds)} (${s.seconds.toFixed(1)} s, ${int(s.read / Math.max(s.seconds, 0.1))} rows/s)`,
    `  read        ${int(s.read)}`,
    `  inserted    ${int(s.inserted)}`,
    `  updated     ${int(s.updated)}`,
    `  unchanged   ${int(s.unchanged)}`,
    `  removed     ${int(s.removed)} (deactivated NPIs that were in the directory)`,
    `  skipped:`,
    `    organisation            ${int(s.skipped.organisation)}`,
    `    not a physician         ${int(s.skipped.notPhysician)}`,
    `    deactivated             ${int(s.skipped.deactivated)}`,
    `    suppressed (removed)    ${int(s.skipped.suppressed)}`,
    `    malformed               ${int(s.skipped.malformed)}`,
  ];
  for (const m of s.malformed.slice(0, 20)) lines.push(`      line ${m.line}: ${m.reason}`);
  if (s.malformed.length > 20) lines.push(`      ... and ${int(s.skipped.malformed - 20)} more`);
  return lines.join('\n');
}
