import {
  Account,
  AccountsQuery,
  CheckAuthResponse,
  EditAccountBody,
  LoginBody,
  LoginResponse,
  RegisterAccountBody,
  RoleResponse,
  UsernameParams,
} from '@clinic/contract/auth';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/access';
import { accountNamerOf } from '../../platform/audit';
import { sendCursorPage } from '../../platform/key-paging';
import { createAuthService, type LoginDoor } from './auth.service';

const tags = ['auth'];

/** The three sign-in doors share one schema and one service call; the door decides which roles may pass. */
export function loginRoute(door: LoginDoor, ctx: AppContext) {
  const service = createAuthService(ctx);
  return {
    schema: { tags, body: LoginBody, response: { 200: LoginResponse } },
    config: { access: 'public' as const, audit: { action: 'login' as const, resource: `${door}-session` } },
    handler: async (request: FastifyRequest<{ Body: LoginBody }>) =>
      service.login(
        door,
        request.body,
        {
          ip: request.ip,
          userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        },
        accountNamerOf(request),
      ),
  };
}

export const authRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createAuthService(ctx);

  app.post('/api/auth/login', loginRoute('staff', ctx));

  app.post(
    '/api/auth/logout',
    {
      schema: { tags, response: { 204: Type.Null() } },
      config: { access: 'authenticated', audit: { action: 'logout', resource: 'session' } },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      request.auditResourceId = String(actor.userId);
      await service.logout(actor);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/check-auth',
    { schema: { tags, response: { 200: CheckAuthResponse } }, config: { access: 'public' } },
    async (request) =>
      request.actor
        ? { authenticated: true, username: request.actor.username, role: request.actor.role }
        : { authenticated: false },
  );

  app.get(
    '/api/auth/get-role/:user',
    {
      schema: { tags, params: UsernameParams, response: { 200: RoleResponse } },
      config: { access: 'authenticated' },
    },
    async (request) => service.getRole(requireActor(request), request.params.user),
  );

  app.get(
    '/api/auth/accounts',
    {
      schema: { tags, querystring: AccountsQuery, response: { 200: Type.Array(Account) } },
      config: { access: 'account:manage' },
    },
    async (request, reply) => sendCursorPage(request, reply, await service.listAccounts(request.query)),
  );

  app.post(
    '/api/auth/register',
    {
      schema: { tags, body: RegisterAccountBody, response: { 201: Account } },
      config: { access: 'account:manage' },
    },
    async (request, reply) => reply.code(201).send(await service.register(request.body)),
  );

  app.put(
    '/api/auth/edit',
    {
      schema: { tags, body: EditAccountBody, response: { 200: RoleResponse } },
      config: { access: 'account:manage' },
    },
    async (request) => service.edit(request.body),
  );

  app.delete(
    '/api/auth/delete/:user',
    {
      schema: { tags, params: UsernameParams, response: { 204: Type.Null() } },
      config: { access: 'account:manage' },
    },
    async (request, reply) => {
      await service.remove(request.params.user);
      return reply.code(204).send(null);
    },
  );
};
