import { afterEach, describe, expect, it } from 'vitest';
import type { DataValueSet } from '@shared/hmis';
import {
  Dhis2Unavailable,
  dhis2AnswerWithinMs,
  dhis2Client,
} from '../../../server/src/hmis/dhis2-client';
import { dhis2Answers, startFakeDhis2, type FakeDhis2 } from '../support/fake-dhis2';

const account = { username: 'sewa', password: 'district-2083' };
const set: DataValueSet = {
  dataSet: 'TELEHEALTH',
  period: '208307',
  orgUnit: 'CLINIC1',
  completeDate: '2026-11-16',
  dataValues: [{ dataElement: 'CONSULT', categoryOptionCombo: 'F_20_59', value: '3' }],
};

describe('the DHIS2 client', () => {
  let dhis2: FakeDhis2 | undefined;
  afterEach(async () => {
    await dhis2?.close();
  });

  it('waits 30 s for an import by default', () => {
    expect(dhis2AnswerWithinMs).toBe(30_000);
  });

  it('gives up on a DHIS2 that does not answer in time, and says so', async () => {
    // A limit long enough for the request to reach the fake on a busy machine, which it must
    // have: the client gave up waiting for the answer, not on reaching DHIS2.
    dhis2 = await startFakeDhis2(account, () => ({ ...dhis2Answers.imported(1), delayMs: 10_000 }));
    const client = dhis2Client({ url: dhis2.url, ...account }, 1_500);
    const sent = client.send(set, { dryRun: false, idScheme: 'CODE' });
    await expect(sent).rejects.toThrow(Dhis2Unavailable);
    await expect(sent).rejects.toThrow('DHIS2 did not answer within 1.5 s.');
    expect(dhis2.received).toHaveLength(1);
  });

  it('takes an answer that comes within its limit', async () => {
    dhis2 = await startFakeDhis2(account, () => ({ ...dhis2Answers.imported(1), delayMs: 50 }));
    const summary = await dhis2Client({ url: dhis2.url, ...account }, 2_000).send(set, {
      dryRun: true,
      idScheme: 'CODE',
    });
    expect(summary.importCount.imported).toBe(1);
    expect(dhis2.received[0]?.query).toEqual({ dryRun: 'true', idScheme: 'CODE' });
  });
});
