import { compose, userText, type Email } from '../../lib/mail-layout';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function trialReminderEmail(input: { trialEnd: Date; price: string; accountUrl: string }): Email {
  const date = dateFormat.format(input.trialEnd);
  return compose('Your PhysicianDirect trial ends in 2 days', {
    paragraphs: [
      `Your 7-day free trial of the Monthly plan ends on ${date}. On that day your subscription starts and your card is charged ${input.price} a month.`,
      'To keep full access, you need do nothing. To stop before you are charged, cancel in Account Settings, Subscription, Manage Subscription.',
    ],
    action: { label: 'Manage your subscription', url: input.accountUrl },
  });
}

export function refundRequestedOperatorEmail(input: {
  email: string;
  planName: string;
  firstPaidAt: Date;
  reason: string | null;
  adminUrl: string;
}): Email {
  return compose(`Refund request from ${input.email}`, {
    paragraphs: [
      `${input.email} asked for a refund under the 30-day money-back guarantee.`,
      `Plan: ${input.planName}. First purchase: ${dateFormat.format(input.firstPaidAt)}. No contacts exported since.`,
      ['Reason given: ', input.reason ? userText(input.reason, { max: 1000, multiline: true }) : '(none)'],
      'Review it within 3 business days; refund through the payment provider.',
    ],
    action: { label: 'Open the admin dashboard', url: input.adminUrl },
  });
}

export function refundRequestedUserEmail(input: { accountUrl: string }): Email {
  return compose('We received your refund request', {
    paragraphs: [
      'We received your request for a refund under our 30-day money-back guarantee.',
      'Our support team reviews it within 3 business days. Once approved, the refund takes up to 10 business days to appear on your statement.',
    ],
    action: { label: 'See the request in your account', url: input.accountUrl },
  });
}

/** The operator's decision on a money-back request (docs/rules.md#money-back: 10 business days to appear). */
export function refundResolvedUserEmail(input: { status: 'refunded' | 'declined'; accountUrl: string }): Email {
  if (input.status === 'refunded') {
    return compose('Your refund was approved', {
      paragraphs: [
        'We approved your refund under our 30-day money-back guarantee.',
        'The refund takes up to 10 business days to appear on your statement.',
      ],
      action: { label: 'See your subscription', url: input.accountUrl },
    });
  }
  return compose('About your refund request', {
    paragraphs: [
      'We reviewed your request for a refund under our 30-day money-back guarantee and could not approve it.',
      'Reply to this email if you have questions about the decision.',
    ],
    action: { label: 'See your subscription', url: input.accountUrl },
  });
}
