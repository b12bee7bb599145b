import {
  addUserSchema,
  messageSchema,
  resetUserPasswordSchema,
  updateUserSchema,
  userSchema,
  usernameParams,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { UsersService } from './users.service.ts';

/** /users: staff accounts and their scopes (SPEC §2 Users, §7). Every call needs SETTINGS. */
export function usersRoutes(app: Api, deps: { users: UsersService }) {
  const { users } = deps;
  const access = { screen: 'users' } as const;

  app.get(
    '/users',
    {
      schema: { tags: ['users'], response: { 200: z.array(userSchema), ...errorResponses } },
      config: { access },
    },
    async (request) => users.list(tenantContext(request)),
  );

  app.post(
    '/users/add',
    {
      schema: { tags: ['users'], body: addUserSchema, response: { 200: messageSchema, ...errorResponses } },
      config: { access },
    },
    async (request) => users.add(tenantContext(request), request.body),
  );

  app.post(
    '/users/update/:username',
    {
      schema: {
        tags: ['users'],
        params: usernameParams,
        body: updateUserSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) => users.update(tenantContext(request), request.params.username, request.body),
  );

  app.post(
    '/users/update-password/:username',
    {
      schema: {
        tags: ['users'],
        params: usernameParams,
        body: resetUserPasswordSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) =>
      users.resetPassword(tenantContext(request), request.params.username, request.body.password),
  );

  app.delete(
    '/users/delete/:username',
    {
      schema: {
        tags: ['users'],
        params: usernameParams,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) => users.remove(tenantContext(request), request.params.username),
  );
}
