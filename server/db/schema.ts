// Drizzle table definitions mirroring migrations/*.sql (the SQL is the source of truth; the
// schema test checks every column here exists in the migrated database). Only the tables that
// drizzle code still queries: new queries are SQL (docs/decisions/034-query-style.md).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EducationEntry } from '../../contract/directory-options';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tstz('created_at').notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: tstz('email_verified_at'),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  name: text('name'),
  bio: text('bio'),
  notifyMarketing: boolean('notify_marketing').notNull().default(true),
  notifyNewFeatures: boolean('notify_new_features').notNull().default(true),
  notifySecurityAlerts: boolean('notify_security_alerts').notNull().default(true),
  createdAt: createdAt(),
  lastSignInAt: tstz('last_sign_in_at'),
  /** Contacts exported, all time: kept by the export_logs trigger (migration 0010). */
  exportedContacts: bigint('exported_contacts', { mode: 'number' }).notNull().default(0),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const authTokens = pgTable('auth_tokens', {
  id: text('id').primaryKey(),
  userId: uuid('user_id'), // 0012: null on the decoy rows of unknown addresses
  purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
});

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().unique(),
  provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
  providerCustomerId: text('provider_customer_id'),
  providerSubscriptionId: text('provider_subscription_id'),
  status: text('status').notNull(),
  priceId: text('price_id', { enum: ['price_monthly', 'price_annual'] }).notNull(),
  tier: text('tier', { enum: ['basic', 'premium'] }).notNull(),
  currentPeriodEnd: tstz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  graceUntil: tstz('grace_until'), // 0006: past_due keeps access until then
  trialEnd: tstz('trial_end'), // 0006
  trialReminderSentAt: tstz('trial_reminder_sent_at'), // 0006
});

/** 0006: one provider customer per user, and the per-user facts that outlive a subscription. */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id').primaryKey(),
  provider: text('provider', { enum: ['demo', 'stripe'] }).notNull(),
  customerId: text('customer_id').notNull().unique(),
  trialUsedAt: tstz('trial_used_at'),
  firstPaidAt: tstz('first_paid_at'),
  createdAt: createdAt(),
});

/** 0006: the demo provider's own subscription records (what Stripe would hold). */
export const demoSubscriptions = pgTable('demo_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  priceId: text('price_id', { enum: ['price_monthly', 'price_annual'] }).notNull(),
  status: text('status').notNull(),
  currentPeriodEnd: tstz('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  trialEnd: tstz('trial_end'),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** 0006: money-back guarantee requests, one per customer. */
export const refundRequests = pgTable('refund_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().unique(),
  subscriptionId: uuid('subscription_id'),
  reason: text('reason'),
  status: text('status', { enum: ['open', 'refunded', 'declined'] }).notNull().default('open'),
  createdAt: createdAt(),
  resolvedAt: tstz('resolved_at'),
  resolvedBy: uuid('resolved_by'),
});


export const demoCheckoutSessions = pgTable('demo_checkout_sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  priceId: text('price_id').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull().default('open'),
  createdAt: createdAt(),
  completedAt: tstz('completed_at'),
  customerId: text('customer_id'), // 0006
  trialDays: integer('trial_days').notNull().default(0), // 0006
  subscriptionId: text('subscription_id'), // 0006
});

export const physicians = pgTable('physicians', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  npi: text('npi'),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  title: text('title'),
  credential: text('credential'),
  specialty: text('specialty'),
  secondarySpecialty: text('secondary_specialty'),
  organization: text('organization'),
  organizationSize: text('organization_size'),
  organizationRevenue: text('organization_revenue'),
  organizationIndustry: text('organization_industry'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  skills: text('skills').array().notNull().default(sql`'{}'`),
  education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
  medicalSchool: text('medical_school'),
  graduationYear: integer('graduation_year'),
  gender: text('gender', { enum: ['M', 'F'] }),
  languages: text('languages').array().notNull().default(sql`'{}'`),
  boardCertified: boolean('board_certified'),
  hospitalAffiliation: text('hospital_affiliation'),
  licenseStates: text('license_states').array().notNull().default(sql`'{}'`),
  acceptingNewPatients: boolean('accepting_new_patients'),
  telehealth: boolean('telehealth'),
  linkedinUrl: text('linkedin_url'),
  source: text('source', { enum: ['demo', 'nppes', 'dac', 'resume'] }).notNull().default('demo'),
  verifiedAt: tstz('verified_at'),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  enumerationDate: date('enumeration_date', { mode: 'string' }), // 0009
  npiLastUpdated: date('npi_last_updated', { mode: 'string' }), // 0009
  nppesRefreshedAt: tstz('nppes_refreshed_at'), // 0009
  dacRefreshedAt: tstz('dac_refreshed_at'), // 0009
});



/** 0011-contact-freshness: 'Report wrong contact', and the operators' queue of open reports. */
export const contactReports = pgTable('contact_reports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  physicianId: integer('physician_id').notNull(),
  field: text('field').notNull(),
  reportedValue: text('reported_value').notNull(),
  reason: text('reason'),
  creditedRevealId: bigint('credited_reveal_id', { mode: 'number' }),
  credited: boolean('credited').notNull().default(false),
  createdAt: createdAt(),
  resolution: text('resolution', { enum: ['reverified', 'removed'] }),
  resolvedAt: tstz('resolved_at'),
  resolvedBy: uuid('resolved_by'),
});

/** 0011-api-keys: keys of the public REST API (only their SHA-256 is kept). */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: tstz('last_used_at'),
  revokedAt: tstz('revoked_at'),
});




export const savedSearches = pgTable('saved_searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  alert: text('alert').notNull().default('off'),
  alertCheckedAt: tstz('alert_checked_at'),
  alertSentAt: tstz('alert_sent_at'),
});

export const exportLogs = pgTable('export_logs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id').notNull(),
  exportDate: tstz('export_date').notNull().defaultNow(),
  exportCount: integer('export_count').notNull(),
  format: text('format').notNull().default('csv'),
});

export const candidateSubmissions = pgTable('candidate_submissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  title: text('title').notNull(),
  organization: text('organization').notNull(),
  specialty: text('specialty').notNull(),
  otherSpecialty: text('other_specialty'), // 0033
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  location: text('location').notNull(),
  linkedinUrl: text('linkedin_url'),
  education: jsonb('education').$type<EducationEntry[]>().notNull().default([]),
  skills: text('skills').array().notNull().default(sql`'{}'`),
  // 0012: 'unconfirmed' until the emailed link is followed (confirm_token_hash, cleared once used).
  status: text('status', { enum: ['unconfirmed', 'pending', 'approved', 'rejected'] }).notNull().default('pending'),
  createdAt: createdAt(),
  processedAt: tstz('processed_at'),
  processedBy: uuid('processed_by'),
  physicianId: integer('physician_id'),
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: tstz('confirm_expires_at'),
  confirmedAt: tstz('confirmed_at'),
});


/** 0007: keyed hashes of suppressed emails and NPIs (server/features/removal/suppression.ts). */
export const suppressions = pgTable(
  'suppressions',
  {
    kind: text('kind', { enum: ['email', 'npi'] }).notNull(),
    valueHash: text('value_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.valueHash] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const auditEvents = pgTable('audit_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorUserId: uuid('actor_user_id'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  ip: text('ip'),
  createdAt: createdAt(),
});

export const emailOutbox = pgTable('email_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: createdAt(),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});
