export const SUPPORTED_NODE_RANGE: string;
export function isSupportedNode(version: string): boolean;
export function unsupportedNodeMessage(version: string, execPath: string): string;
export function assertSupportedNode(): void;
