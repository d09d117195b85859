// The Node.js lines PhysicianDirect supports (package.json `engines` says the same; a test keeps
// them in step). `npm install` puts Node 24 in node_modules/.bin (the `node` package, ADR 009),
// and npm scripts run that one first, whatever the machine's own `node` is.
export const SUPPORTED_NODE_RANGE = '^24.11.0 || ^26.0.0';

/** @type {ReadonlyArray<readonly [major: number, minMinor: number]>} */
const SUPPORTED_LINES = [
  [24, 11],
  [26, 0],
];

/** Whether a Node.js version (`process.versions.node`, e.g. "24.21.0") is on a supported line. */
export function isSupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  return SUPPORTED_LINES.some(([line, minMinor]) => major === line && minor >= minMinor);
}

/** The message a start on an unsupported Node stops with: what runs, what is needed, how to fix. */
export function unsupportedNodeMessage(version, execPath) {
  return [
    `PhysicianDirect needs Node.js 24 (or 26); this is Node.js ${version} (${execPath}).`,
    'Run it through npm (`npm start`, `npm test`, `npm run ...`): npm runs the Node.js 24 that',
    '`npm install` puts in node_modules/.bin. If node_modules/.bin/node is missing, run `npm install`',
    '(its install script must be allowed: package.json "allowScripts" lists "node").',
  ].join('\n');
}

/** Stops the process with a clear message when it runs on an unsupported Node.js. */
export function assertSupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  console.error(unsupportedNodeMessage(process.version, process.execPath));
  process.exit(1);
}
