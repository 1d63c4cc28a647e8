import { verifyClinicKeyResultSchema, verifyClinicKeySchema } from '@shared/clinic';
import type { ClinicService } from '../clinic/clinic-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

export function registerClinicRoutes(app: ApiServer, deps: { clinic: ClinicService }): void {
  app.post(
    '/api/clinic/verify',
    {
      schema: { body: verifyClinicKeySchema, response: { 200: verifyClinicKeyResultSchema } },
      config: {
        inputRefusals: {
          body: { code: 'validation_failed', message: 'Please enter a clinic key' },
        },
      },
      onRequest: noStore,
    },
    async (request, reply) => {
      await deps.clinic.verifyKey(request.ip, request.body.clinicKey);
      return reply.send({ ok: true });
    },
  );
}
