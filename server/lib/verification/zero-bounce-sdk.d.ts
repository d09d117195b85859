// The official ZeroBounce SDK ships no types; the part this app calls.
declare module '@zerobounce/zero-bounce-sdk' {
  export default class ZeroBounceSDK {
    static ApiURL: { DEFAULT_API_URL: string; USA_API_URL: string; EU_API_URL: string };
    init(apiKey: string, apiBaseURL?: string): void;
    validateEmail(email: string, options?: { ip_address?: string; timeout?: number } | string | null): Promise<unknown>;
    getCredits(): Promise<unknown>;
  }
}
