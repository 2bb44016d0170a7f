import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../app-context';
import { loginRoute } from '../auth/auth.routes';

export const doctorRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/api/doctorinfo/doctor/login', loginRoute('staff', ctx));
};
