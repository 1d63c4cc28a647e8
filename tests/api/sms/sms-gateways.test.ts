import { afterEach, describe, expect, it } from 'vitest';
import { SmsNotSentYet, SmsRefused, smsGateway } from '../../../server/src/sms/sms-gateways';
import { gatewaySender } from '../../../server/src/sms/sms-sender';
import {
  aakashAnswers,
  sparrowAnswers,
  startFakeGateway,
  type FakeGateway,
  type GatewayAnswer,
} from '../support/fake-sms-gateway';

const token = 'v2-test-token-0123456789';
const code = 'Your Sewa code is 482913';

let gateway: FakeGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** A sender through a fake gateway answering in turn with `answers` (the last one repeats). */
async function through(name: 'sparrow' | 'aakash', answers: GatewayAnswer[]) {
  let turn = 0;
  gateway = await startFakeGateway(
    () => answers[Math.min(turn++, answers.length - 1)]!,
    name === 'sparrow' ? '/v2/sms/' : '/sms/v3/send',
  );
  const sender = gatewaySender(
    smsGateway({
      gateway: name,
      url: gateway.url,
      token,
      from: name === 'sparrow' ? 'SEWA' : undefined,
    }),
    [10, 10],
  );
  return { sender, received: gateway.received };
}

const mail = (to: string, text = code) => ({ to, subject: '', text, html: '' });

async function refusal(send: Promise<void>): Promise<Error> {
  const error = await send.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  // What is refused may reach a log: it never carries the token.
  expect((error as Error).message).not.toContain(token);
  return error as Error;
}

describe('Sparrow SMS', () => {
  it('takes the form it expects: token, sender identity, ten digits without +977, text', async () => {
    const { sender, received } = await through('sparrow', [sparrowAnswers.queued]);
    await sender.send(mail('+977 981-234-5678'));
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v2/sms/');
    expect(received[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(received[0]!.fields).toEqual({ token, from: 'SEWA', to: '9812345678', text: code });
  });

  it('carries Nepali in Unicode as written', async () => {
    const { sender, received } = await through('sparrow', [sparrowAnswers.queued]);
    await sender.send(mail('9812345678', 'तपाईंको सेवा कोड ४८२९१३ हो'));
    expect(received[0]!.fields.text).toBe('तपाईंको सेवा कोड ४८२९१३ हो');
  });

  it.each([
    [1002, 'Invalid Token'],
    [1007, 'Invalid Receiver'],
    [1012, 'No Credits Available'],
  ])('takes refusal %i (%s) as final: not tried again', async (responseCode, response) => {
    const { sender, received } = await through('sparrow', [
      sparrowAnswers.refused(responseCode, response),
    ]);
    const error = await refusal(sender.send(mail('9812345678')));
    expect(error).toBeInstanceOf(SmsRefused);
    expect(error.message).toContain(String(responseCode));
    expect(received).toHaveLength(1);
  });

  it('tries again after a 5xx, and the text goes once it is taken', async () => {
    const { sender, received } = await through('sparrow', [
      { status: 503, body: { response: 'busy' } },
      sparrowAnswers.queued,
    ]);
    await sender.send(mail('9812345678'));
    expect(received).toHaveLength(2);
  });

  it('gives up after its tries when the gateway stays down, saying it may go later', async () => {
    const { sender, received } = await through('sparrow', [{ status: 502, body: null }]);
    expect(await refusal(sender.send(mail('9812345678')))).toBeInstanceOf(SmsNotSentYet);
    expect(received).toHaveLength(3);
  });

  it('sends nothing to a number that is not a Nepali mobile', async () => {
    const { sender, received } = await through('sparrow', [sparrowAnswers.queued]);
    expect(await refusal(sender.send(mail('+14155550100')))).toBeInstanceOf(SmsRefused);
    expect(received).toHaveLength(0);
  });
});

describe('Aakash SMS', () => {
  it('takes its form: auth token, ten digits, text, and no sender', async () => {
    const { sender, received } = await through('aakash', [aakashAnswers.queued('9712345678')]);
    await sender.send(mail('+9779712345678'));
    expect(received[0]!.path).toBe('/sms/v3/send');
    expect(received[0]!.fields).toEqual({ auth_token: token, to: '9712345678', text: code });
  });

  it.each([
    ['an invalid token', aakashAnswers.refused(200, 'The provided Auth Token is not valid.')],
    ['no balance', aakashAnswers.refused(200, 'Not enough balance.')],
    ['an unauthorised call', aakashAnswers.refused(401, 'Unauthenticated.')],
    ['an unprocessable one', aakashAnswers.refused(422, 'The to field is required.')],
    ['a number it calls invalid', aakashAnswers.invalidNumber('9712345678')],
  ])('takes %s as final', async (_what, answer) => {
    const { sender, received } = await through('aakash', [answer]);
    expect(await refusal(sender.send(mail('9712345678')))).toBeInstanceOf(SmsRefused);
    expect(received).toHaveLength(1);
  });

  it('tries again after a 500', async () => {
    const { sender, received } = await through('aakash', [
      { status: 500, body: null },
      aakashAnswers.queued('9712345678'),
    ]);
    await sender.send(mail('9712345678'));
    expect(received).toHaveLength(2);
  });
});

describe('a gateway that cannot be reached', () => {
  it('is a text not sent yet, not a refusal', async () => {
    const sender = gatewaySender(
      smsGateway({
        gateway: 'aakash',
        url: 'http://127.0.0.1:9/sms/v3/send',
        token,
        from: undefined,
      }),
      [],
    );
    expect(await refusal(sender.send(mail('9712345678')))).toBeInstanceOf(SmsNotSentYet);
  });
});
