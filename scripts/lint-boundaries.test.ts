import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js: each rule refuses a deliberate violation and lets the
 * allowed form through. The code is linted as if it were the named file (it is not written).
 */

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

/** The messages of no-restricted-imports for `code` placed at `filePath` (without ESLint's preamble). */
async function boundaryErrors(filePath: string, code: string, ruleId = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) => m.ruleId === ruleId)
    .map((m) => m.message.replace(/^.* is restricted from being used by a pattern\. /, ''));
}

describe('import boundaries (eslint.config.js)', () => {
  it('server/lib imports no feature and nothing of web/', async () => {
    const file = 'server/lib/boundary-probe.ts';
    expect(await boundaryErrors(file, "import { SESSION_COOKIE } from '../features/auth';\nexport { SESSION_COOKIE };\n")).toEqual([
      'server/lib is the lowest layer: it imports no feature.',
    ]);
    expect(
      await boundaryErrors('server/lib/billing/boundary-probe.ts', "export { x } from '../../features/billing/service';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors(file, "export { SERVER_DRAWN_PAGES } from '../../web/app/server-pages';\n")).toEqual([
      expect.stringContaining('server/lib imports nothing of web/'),
    ]);
    expect(await boundaryErrors(file, "export type { X } from '@web/lib/api';\n")).toHaveLength(1);
    // What lib may import: lib, db, contract, packages.
    expect(
      await boundaryErrors(file, "export { AppError } from './errors';\nexport type { Db } from '../db/client';\nexport { z } from 'zod';\n"),
    ).toEqual([]);
  });

  it('contract/ imports nothing of server/ or web/', async () => {
    const file = 'contract/boundary-probe.ts';
    expect(await boundaryErrors(file, "export { AppError } from '../server/lib/errors';\n")).toEqual([
      'contract/ is shared by the server and the web app: it imports neither.',
    ]);
    expect(await boundaryErrors(file, "export { cn } from '../web/lib/utils';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "export { cn } from '@web/lib/utils';\n")).toHaveLength(1);
    expect(await boundaryErrors(file, "export { PAGE_SIZE } from './limits';\n")).toEqual([]);
  });

  it("a server feature imports another feature only through that feature's entry module", async () => {
    const file = 'server/features/lists/boundary-probe.ts';
    expect(await boundaryErrors(file, "import { isSuppressed } from '../removal/suppression';\nexport { isSuppressed };\n")).toEqual([
      "Import another feature through its entry module: '../<feature>' (server/features/<feature>/index.ts).",
    ]);
    expect(await boundaryErrors(file, "export type { DirectoryService } from '../directory/service';\n")).toHaveLength(1);
    // From a folder inside a feature (directory/search-index/): its own feature is '../', another '../../'.
    const nested = 'server/features/directory/search-index/boundary-probe.ts';
    expect(await boundaryErrors(nested, "export { createList } from '../../lists/service';\n")).toHaveLength(1);
    expect(await boundaryErrors(nested, "export { toCriteria } from '../criteria';\nexport { createList } from '../../lists';\n")).toEqual([]);
    expect(
      await boundaryErrors(file, "export { isSuppressed } from '../removal';\nexport { AppError } from '../../lib/errors';\nexport { x } from './repo';\n"),
    ).toEqual([]);
  });

  it('web features import each other one way only (the layers), and by alias', async () => {
    // lists is below directory: the list page cannot reach back into the search page's code.
    expect(
      await boundaryErrors('web/features/lists/boundary-probe.tsx', "export { SearchPage } from '@web/features/directory/search-page';\n"),
    ).toEqual([expect.stringContaining('web/features/lists may import only the features listed after its layer')]);
    expect(
      await boundaryErrors('web/features/api-keys/boundary-probe.tsx', "export { AccountPage } from '@web/features/account/account-page';\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('web/features/saved-searches/boundary-probe.tsx', "export { x } from '@web/features/directory/api';\n"),
    ).toHaveLength(1);
    // Two features of one layer do not import each other either.
    expect(
      await boundaryErrors('web/features/saved-searches/boundary-probe.tsx', "export { x } from '@web/features/api-keys/api';\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('web/features/lists/boundary-probe.tsx', "export { x } from '../directory/api';\n")).toEqual([
      "Import another web feature by its alias ('@web/features/<feature>/...').",
    ]);
    // Downwards is fine, and so are shared components and lib.
    expect(
      await boundaryErrors(
        'web/features/directory/boundary-probe.tsx',
        "export { AddToListDialog } from '@web/features/lists/add-to-list-dialog';\nexport { ResultsPagination } from '@web/components/results-pagination';\nexport { readPage } from '@web/lib/search-params';\n",
      ),
    ).toEqual([]);
  });

  it('web/components and web/lib import no feature', async () => {
    expect(
      await boundaryErrors('web/components/boundary-probe.tsx', "export { PhysicianCard } from '@web/features/physicians/physician-card';\n"),
    ).toEqual(['web/components and web/lib are shared: they import no feature.']);
    expect(await boundaryErrors('web/lib/boundary-probe.ts', "export { x } from '@web/features/auth/api';\n")).toHaveLength(1);
  });

  it('production code imports no test code (server/test/, e2e/, bench/), and tests may', async () => {
    const testCode = (filePath: string, code: string) => boundaryErrors(filePath, code, '@typescript-eslint/no-restricted-imports');
    const refused = 'Production code imports no test code (server/test/, e2e/, bench/): move what it needs into the feature (ADR 059).';
    expect(
      await testCode('server/features/directory/boundary-probe.ts', "export { naiveSearch } from '../../test/support/directory/naive-search';\n"),
    ).toEqual([refused]);
    // Every depth and side, type imports too, and the harness as well as the support folder.
    expect(
      await testCode('server/features/directory/search-index/boundary-probe.ts', "export type { TestPhysician } from '../../../test/support/directory/index-rows';\n"),
    ).toEqual([refused]);
    expect(await testCode('server/app-probe.ts', "export { openTestDatabase } from './test/harness';\n")).toEqual([refused]);
    expect(await testCode('server/lib/boundary-probe.ts', "export { insertPhysicians } from '../test/support/physicians';\n")).toEqual([refused]);
    expect(await testCode('web/features/directory/boundary-probe.tsx', "export { x } from '../../../server/test/support/roles';\n")).toEqual([refused]);
    expect(await testCode('contract/boundary-probe.ts', "export { x } from '../e2e/fixtures';\n")).toEqual([refused]);
    expect(await testCode('server/features/import/boundary-probe.ts', "export { x } from '../../../bench/synthetic-dac';\n")).toEqual([refused]);
    // The feature boundary still applies beside it (a rule of its own, not replaced).
    expect(await boundaryErrors('server/features/lists/boundary-probe.ts', "export { x } from '../removal/suppression';\n")).toHaveLength(1);
    // Tests and the test folder itself may.
    expect(
      await testCode('server/features/directory/boundary-probe.test.ts', "export { naiveSearch } from '../../test/support/directory/naive-search';\n"),
    ).toEqual([]);
    expect(await testCode('server/test/support/boundary-probe.ts', "export { x } from './physicians';\nexport { y } from '../harness';\n")).toEqual([]);
  });

  it('a service receives what it uses: only routes, tests and the composition import AppDeps or the services (ADR 060)', async () => {
    const deps = (filePath: string, code: string) => boundaryErrors(filePath, code, '@typescript-eslint/no-restricted-imports');
    const refused =
      'A service receives what it uses (ADR 060): type its deps from lib (Db, Env, Logger) and the services it needs; the routes (routes.ts, *-routes.ts) and server/jobs.ts hand them in from AppDeps.';
    // A service typing its deps as AppDeps (the whole services object) is refused, type import or not.
    expect(await deps('server/features/billing/boundary-probe.ts', "import type { AppDeps } from '../../lib/context';\nexport type Deps = AppDeps;\n")).toEqual([
      refused,
    ]);
    expect(await deps('server/features/billing/boundary-probe.ts', "export type { AppServices } from '../../services';\n")).toEqual([refused]);
    expect(
      await deps('server/features/directory/search-index/boundary-probe.ts', "export type { AppEnv } from '../../../lib/context';\n"),
    ).toEqual([refused]);
    expect(await deps('server/maintenance.ts', "export type { AppDeps } from './lib/context';\n")).toEqual([refused]);
    // The test-code boundary still holds in those files (the rule's options are replaced, not added to).
    expect(await deps('server/features/billing/boundary-probe.ts', "export { x } from '../../test/harness';\n")).toHaveLength(1);
    // What a service imports instead: lib types and another feature's service type.
    expect(
      await deps(
        'server/features/billing/boundary-probe.ts',
        "export type { Db } from '../../db/client';\nexport type { Env } from '../../lib/env';\nexport type { DirectoryService } from '../directory';\n",
      ),
    ).toEqual([]);
    // Routes, tests, the test folder and the composition (app.ts, jobs.ts, main.ts) may.
    const appDeps = "import type { AppDeps } from '../../lib/context';\nexport type Deps = AppDeps;\n";
    expect(await deps('server/features/billing/routes.ts', appDeps)).toEqual([]);
    expect(await deps('server/features/auth/me-routes.ts', appDeps)).toEqual([]);
    expect(await deps('server/features/billing/boundary-probe.test.ts', appDeps)).toEqual([]);
    expect(await deps('server/test/support/boundary-probe.ts', "export type { AppDeps } from '../../lib/context';\n")).toEqual([]);
    expect(await deps('server/jobs.ts', "export type { AppDeps } from './lib/context';\nexport type { AppServices } from './services';\n")).toEqual([]);
  });
});
