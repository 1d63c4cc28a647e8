import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signedIn,
  signUpAndConfirm,
  startAuthWorld,
  uniqueEmail,
  type AuthWorld,
} from '../auth/fixture';
import {
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
  type GatewayAnswer,
} from '../support/fake-sms-gateway';
import { databaseVariants } from '../support/test-server';

const token = 'v2_token-that-must-never-be-logged';

/**
 * The gateway's token never reaches the server's log, even when the gateway fails, refuses,
 * or quotes the token back in its answer, and with the log at its most detailed.
 */
describe.each(databaseVariants)('the SMS token and the logs on the $name database', (variant) => {
  const lines: string[] = [];
  let world: AuthWorld;
  let gateway: FakeGateway;
  let answers: GatewayAnswer[] = [];

  beforeAll(async () => {
    gateway = await startFakeGateway(() => answers.shift() ?? sparrowAnswers.queued, '/v2/sms/');
    world = await startAuthWorld(
      variant,
      {
        LOG_LEVEL: 'trace',
        SMS_GATEWAY: 'sparrow',
        SMS_GATEWAY_URL: gateway.url,
        SMS_TOKEN: token,
        SMS_FROM: 'SEWA',
      },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
  }, 120_000);
  afterAll(async () => {
    await world.close();
    await gateway.close();
  });

  it('is in no line, whatever the gateway answers', async () => {
    const email = uniqueEmail('token-logs');
    await signUpAndConfirm(world, email);
    const client = await signedIn(world, email);
    answers = [
      // Down for now, three times: the person is asked to try again, and the failure logged.
      { status: 503, body: { response: `gateway busy for ${token}` } },
      { status: 503, body: { response: `gateway busy for ${token}` } },
      { status: 503, body: { response: `gateway busy for ${token}` } },
      // A refusal that quotes the token.
      sparrowAnswers.refused(1002, `Invalid Token ${token}`),
    ];
    const later = await client.post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+9779812345670',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(503);
    expect(later.body).toEqual({
      error: {
        code: 'sms_not_sent',
        message: 'The text message could not be sent just now. Please try again.',
      },
    });
    const refused = await client.post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+9779812345671',
    });
    expect(refused.status).toBe(400);
    const sent = await client.post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+9779812345672',
    });
    expect(sent.status).toBe(200);

    expect(gateway.received.map((request) => request.fields.token)).toEqual(Array(5).fill(token));
    const logged = lines.join('');
    expect(logged).toContain('phone code not sent');
    expect(logged).not.toContain(token);
  });
});
