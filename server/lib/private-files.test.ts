import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTreePrivate, privateFolderProblem } from './private-files';

const root = mkdtempSync(join(tmpdir(), 'private-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o7777;
const asRoot = process.getuid?.() === 0;

describe('a folder for the server alone (ADR 049)', () => {
  it('is made 0700 with its missing parents; one of ours others may only read is made 0700', async () => {
    const made = join(root, 'made', 'deeper');
    expect(await privateFolderProblem(made)).toBeNull();
    expect(mode(made)).toBe(0o700);
    const readable = join(root, 'readable');
    mkdirSync(readable, { mode: 0o755 });
    chmodSync(readable, 0o755);
    expect(await privateFolderProblem(readable)).toBeNull();
    expect(mode(readable)).toBe(0o700);
  });

  it('is refused when others may write it, when it is a link, or inside a folder others may write (not sticky)', async () => {
    const open = join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(await privateFolderProblem(open)).toMatch(/open is writable by its group and every user \(mode 0777\)$/);
    expect(mode(open)).toBe(0o777); // refused, not changed: what is in it may have been planted

    const link = join(root, 'link');
    symlinkSync(join(root, 'made'), link);
    expect(await privateFolderProblem(link)).toMatch(/link is a symbolic link$/);

    expect(await privateFolderProblem(join(open, 'inside'))).toMatch(/inside is inside .*open, which its group and every user may write/);
    const sticky = join(root, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777); // as /tmp: nobody may replace another user's entries
    expect(await privateFolderProblem(join(sticky, 'inside'))).toBeNull();
  });

  it.skipIf(!asRoot)("is refused when it is another user's", async () => {
    const theirs = join(root, 'theirs');
    mkdirSync(theirs, { mode: 0o700 });
    chownSync(theirs, 65534, 65534);
    expect(await privateFolderProblem(theirs)).toMatch(/theirs belongs to user 65534, not to this server's user \(0\)$/);
  });
});

describe('a tree made private', () => {
  it("takes group and others' bits off what this user owns, follows no link, and names what it cannot change", () => {
    const tree = join(root, 'tree');
    mkdirSync(join(tree, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(tree, 'pglite', 'base', '1259'), 'x', { mode: 0o666 });
    writeFileSync(join(tree, 'control.json'), '{}', { mode: 0o644 });
    chmodSync(join(tree, 'pglite', 'base', '1259'), 0o666);
    chmodSync(join(tree, 'control.json'), 0o644);
    for (const folder of [tree, join(tree, 'pglite'), join(tree, 'pglite', 'base')]) chmodSync(folder, 0o755);
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(tree, 'link'));
    if (asRoot) {
      writeFileSync(join(tree, 'theirs'), 'x');
      chmodSync(join(tree, 'theirs'), 0o644);
      chownSync(join(tree, 'theirs'), 65534, 65534);
    }

    const problems = makeTreePrivate(tree);
    for (const folder of [tree, join(tree, 'pglite'), join(tree, 'pglite', 'base')]) expect(mode(folder)).toBe(0o700);
    expect(mode(join(tree, 'pglite', 'base', '1259'))).toBe(0o600);
    expect(mode(join(tree, 'control.json'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644);
    expect(problems).toEqual(asRoot ? [`${join(tree, 'theirs')} belongs to user 65534: its mode 0644 lets other users in`] : []);
  });
});
