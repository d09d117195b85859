export const INSTALL_HINT: string;
export function findChromium(env?: Record<string, string | undefined>, usualPaths?: readonly string[]): string | null;
export function ensureChromium(): string;
