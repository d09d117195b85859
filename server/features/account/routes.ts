import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import {
  ExportStatsResponse,
  ProfileResponse,
  UpdateNotificationsRequest,
  UpdateProfileRequest,
} from '../../../contract/auth';
import type { AppEnv } from '../../lib/context';
import { signedInGuard } from '../../lib/guards';
import { csrfRefused, errorResponse, json, jsonBody, signedIn } from '../../lib/openapi';
import * as account from './service';

const unauthenticated = { 401: errorResponse('Not signed in') };

const getProfile = createRoute({
  method: 'get',
  path: '/account/profile',
  operationId: 'getProfile',
  tags: ['account'],
  security: signedIn,
  middleware: signedInGuard,
  summary: 'Name, email, bio and notification preferences of the signed-in user',
  responses: { 200: { description: 'Profile', ...json(ProfileResponse) }, ...unauthenticated },
});

const updateProfile = createRoute({
  method: 'patch',
  path: '/account/profile',
  operationId: 'updateProfile',
  tags: ['account'],
  security: signedIn,
  middleware: signedInGuard,
  summary: 'Save name and bio',
  request: jsonBody(UpdateProfileRequest),
  responses: {
    200: { description: 'Saved profile', ...json(ProfileResponse) },
    400: errorResponse('A field is invalid (fields names each)'),
    ...unauthenticated,
    ...csrfRefused,
  },
});

const updateNotifications = createRoute({
  method: 'patch',
  path: '/account/notifications',
  operationId: 'updateNotifications',
  tags: ['account'],
  security: signedIn,
  middleware: signedInGuard,
  summary: 'Save any of the three notification switches',
  request: jsonBody(UpdateNotificationsRequest),
  responses: {
    200: { description: 'Saved profile', ...json(ProfileResponse) },
    400: errorResponse('A field is invalid (fields names each)'),
    ...unauthenticated,
    ...csrfRefused,
  },
});

const getExports = createRoute({
  method: 'get',
  path: '/account/exports',
  operationId: 'getExportStats',
  tags: ['account'],
  security: signedIn,
  middleware: signedInGuard,
  summary: 'Total exported contacts and the 5 latest exports',
  responses: { 200: { description: 'Export statistics', ...json(ExportStatsResponse) }, ...unauthenticated },
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getProfile, async (c) => {
    const user = c.var.user;
    return c.json(await account.getProfile({ db: c.var.deps.db, userId: user.id }), 200);
  })
  .openapi(updateProfile, async (c) => {
    const user = c.var.user;
    const { name, bio } = c.req.valid('json');
    return c.json(await account.updateProfile({ db: c.var.deps.db, userId: user.id, name, bio }), 200);
  })
  .openapi(updateNotifications, async (c) => {
    const user = c.var.user;
    const changes = c.req.valid('json');
    return c.json(await account.updateNotifications({ db: c.var.deps.db, userId: user.id, changes }), 200);
  })
  .openapi(getExports, async (c) => {
    const user = c.var.user;
    return c.json(await account.getExportStats({ db: c.var.deps.db, userId: user.id }), 200);
  });
