import { useMutation } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { MeResponse } from '@contract/account';
import {
  OkResponse,
  SignupResponse,
  type EmailOnlyRequest,
  type LoginRequest,
  type ResendVerificationRequest,
  type ResetPasswordRequest,
  type SignupRequest,
} from '@contract/auth';
import { apiFetch } from '@web/lib/api';
import { errorMessage } from './form-errors';

/** The auth calls (contract/auth.ts). Each throws ApiError; pages turn it into the spec's toasts. */
export const authApi = {
  signup: (body: SignupRequest) =>
    apiFetch('/api/auth/signup', { method: 'POST', body, schema: SignupResponse }),
  login: (body: LoginRequest) => apiFetch('/api/auth/login', { method: 'POST', body, schema: MeResponse }),
  resendVerification: (body: ResendVerificationRequest) =>
    apiFetch('/api/auth/resend-verification', { method: 'POST', body, schema: OkResponse }),
  verifyEmail: (token: string) =>
    apiFetch('/api/auth/verify-email', { method: 'POST', body: { token }, schema: OkResponse }),
  forgotPassword: (body: EmailOnlyRequest) =>
    apiFetch('/api/auth/forgot-password', { method: 'POST', body, schema: OkResponse }),
  resetPassword: (body: ResetPasswordRequest) =>
    apiFetch('/api/auth/reset-password', { method: 'POST', body, schema: OkResponse }),
};

/**
 * Resend the signup verification email (docs/rules.md#accounts): 'Email sent' on success,
 * 'Error' / 'No email address found...' without an address, else the error's message.
 */
export function useResendVerification() {
  const mutation = useMutation({
    mutationFn: ({ email, returnTo }: { email: string; returnTo: string | null }) =>
      authApi.resendVerification({ email, ...(returnTo ? { returnTo } : {}) }),
    onSuccess: () =>
      toast.success('Email sent', { description: 'Verification email has been resent to your inbox.' }),
    onError: (error) => toast.error(errorMessage(error, 'Failed to resend verification email')),
  });
  const { mutate } = mutation;

  /** `returnTo`: where the new link's sign-in leads, as the sign-up asked (the trial, a card). */
  function resend(email: string | null | undefined, returnTo: string | null = null) {
    const address = email?.trim();
    if (!address) {
      toast.error('Error', { description: 'No email address found to resend verification.' });
      return;
    }
    mutate({ email: address, returnTo });
  }

  return { resend, isPending: mutation.isPending };
}
