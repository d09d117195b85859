import { z } from 'zod';
import { PublicEmail } from './submissions';

// The contact form's texts and rules (docs/rules.md#contact-form).
export const CONTACT_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters.',
  emailInvalid: 'Please enter a valid email address.',
  subjectTooShort: 'Subject must be at least 5 characters.',
  messageTooShort: 'Message must be at least 10 characters.',
  sentTitle: 'Message sent!',
  sentDescription: "We'll get back to you as soon as possible.",
  failedTitle: 'Something went wrong',
  failedDescription: 'Your message could not be sent. Please try again later.',
} as const;

/** docs/rules.md#contact-form. */
export const CONTACT_MINIMUMS = { name: 2, subject: 5, message: 10 } as const;

const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `At most ${max.toLocaleString('en-US')} characters.`);

/** POST /api/contact-messages -> 201 CreateContactMessageResponse. Public; rate limited per IP. */
export const CreateContactMessageRequest = z.object({
  name: text(CONTACT_MINIMUMS.name, 100, CONTACT_MESSAGES.nameTooShort),
  email: PublicEmail,
  subject: text(CONTACT_MINIMUMS.subject, 200, CONTACT_MESSAGES.subjectTooShort),
  message: text(CONTACT_MINIMUMS.message, 5000, CONTACT_MESSAGES.messageTooShort),
});
export type CreateContactMessageRequest = z.input<typeof CreateContactMessageRequest>;
export const CreateContactMessageResponse = z.object({ ok: z.literal(true) });
export type CreateContactMessageResponse = z.infer<typeof CreateContactMessageResponse>;

export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessage>;

export const CONTACT_MESSAGES_PAGE_SIZE = 25;

/** GET /api/admin/contact-messages?page= (admins) -> ListContactMessagesResponse, newest first. */
export const ListContactMessagesQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(100_000).default(1),
});
export type ListContactMessagesQuery = z.input<typeof ListContactMessagesQuery>;
export const ListContactMessagesResponse = z.object({
  messages: z.array(ContactMessage),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ListContactMessagesResponse = z.infer<typeof ListContactMessagesResponse>;
