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

/** An answer, or one given only after `ms`: a gateway slow to answer. */
type Answering = GatewayAnswer | { after: number; answer: GatewayAnswer };

const late = (answer: GatewayAnswer, after: number): Answering => ({ after, answer });

/**
 * A sender through a fake gateway answering in turn with `answers` (the last one repeats),
 * tried three times, waiting `answerWithinMs` (the default 10 s unless told) for each answer.
 */
async function through(
  name: 'sparrow' | 'aakash',
  answers: Answering[],
  options: { answerWithinMs?: number; delaysMs?: number[] } = {},
) {
  let turn = 0;
  gateway = await startFakeGateway(
    async () => {
      const next = answers[Math.min(turn++, answers.length - 1)]!;
      if (!('after' in next)) return next;
      await new Promise((resolve) => setTimeout(resolve, next.after));
      return next.answer;
    },
    name === 'sparrow' ? '/v2/sms/' : '/sms/v3/send',
  );
  const sender = gatewaySender(
    smsGateway(
      { gateway: name, url: gateway.url, token, from: name === 'sparrow' ? 'SEWA' : undefined },
      options.answerWithinMs,
    ),
    options.delaysMs ?? [10, 10],
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
    [1002, 'Invalid Token', 'invalid_token'],
    [1007, 'Invalid Receiver', 'invalid_number'],
    [1008, 'Invalid Sender', 'invalid_sender'],
    [1011, 'No valid receiver', 'invalid_number'],
    [1012, 'No Credits Available', 'no_credit'],
    [1013, 'Insufficient Credits', 'no_credit'],
    [1005, 'Account has been expired', 'account_inactive'],
    [1000, 'A required field is missing', 'bad_request'],
  ])(
    'takes refusal %i (%s) as final, as %s: not tried again',
    async (responseCode, response, reason) => {
      const { sender, received } = await through('sparrow', [
        sparrowAnswers.refused(responseCode, response),
      ]);
      const error = await refusal(sender.send(mail('9812345678')));
      expect(error).toBeInstanceOf(SmsRefused);
      expect(error).toMatchObject({ reason });
      expect(error.message).toContain(String(responseCode));
      expect(received).toHaveLength(1);
    },
  );

  it('never repeats the token, even when the gateway quotes it back', async () => {
    const { sender } = await through('sparrow', [
      sparrowAnswers.refused(1002, `Invalid Token ${token}`),
    ]);
    const error = await refusal(sender.send(mail('9812345678')));
    expect(error.message).toContain('Invalid Token [token]');
  });

  it('takes an answer later than its wait as not sent yet, and tries again', async () => {
    const { sender, received } = await through(
      'sparrow',
      [late(sparrowAnswers.queued, 1_000), sparrowAnswers.queued],
      { answerWithinMs: 200 },
    );
    await sender.send(mail('9812345678'));
    expect(received).toHaveLength(2);
  });

  it('says a text is not sent yet when the gateway never answers in time', async () => {
    const { sender, received } = await through('sparrow', [late(sparrowAnswers.queued, 1_000)], {
      answerWithinMs: 200,
      delaysMs: [],
    });
    expect(await refusal(sender.send(mail('9812345678')))).toBeInstanceOf(SmsNotSentYet);
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
    [
      'an invalid token',
      aakashAnswers.refused(200, 'The provided Auth Token is not valid.'),
      'invalid_token',
    ],
    ['no balance', aakashAnswers.refused(200, 'Not enough balance.'), 'no_credit'],
    ['an unauthorised call', aakashAnswers.refused(401, 'Unauthenticated.'), 'invalid_token'],
    ['a forbidden one', aakashAnswers.refused(403, 'Forbidden.'), 'refused'],
    [
      'an unprocessable one',
      aakashAnswers.refused(422, 'The to field is required.'),
      'bad_request',
    ],
    ['a number it calls invalid', aakashAnswers.invalidNumber('9712345678'), 'invalid_number'],
  ])('takes %s as final', async (_what, answer, reason) => {
    const { sender, received } = await through('aakash', [answer]);
    const error = await refusal(sender.send(mail('9712345678')));
    expect(error).toBeInstanceOf(SmsRefused);
    expect(error).toMatchObject({ reason });
    expect(received).toHaveLength(1);
  });

  it('tries again after an answer later than its wait', async () => {
    const { sender, received } = await through(
      'aakash',
      [late(aakashAnswers.queued('9712345678'), 1_000), aakashAnswers.queued('9712345678')],
      { answerWithinMs: 200 },
    );
    await sender.send(mail('9712345678'));
    expect(received).toHaveLength(2);
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
