import { describe, expect, it } from 'vitest';
import { clinicMoment } from '@shared/clinic-time';
import {
  ageBandOf,
  countConsultations,
  dataValueSetOf,
  sexOf,
  type Consultation,
} from './hmis-counts';
import { loadHmisMapping } from './hmis-mapping';

const birth = { age: null, dateSystem: null, dobAd: null, dobBs: null };

function consultation(overrides: Partial<Consultation>): Consultation {
  const endedAt = clinicMoment('2026-11-01', '10:00');
  return {
    clinicId: 'a',
    patientId: 'p',
    gender: null,
    birth,
    endedAt,
    firstFinishedAt: endedAt,
    ...overrides,
  };
}

describe('HMIS counting', () => {
  it('bands ages at the edges', () => {
    expect([null, 0, 4, 5, 14, 15, 19, 20, 59, 60, 101].map(ageBandOf)).toEqual([
      'unknown',
      '<5',
      '<5',
      '5-14',
      '5-14',
      '15-19',
      '15-19',
      '20-59',
      '20-59',
      '60+',
      '60+',
    ]);
  });

  it('counts a gender the profile does not give, or withholds, as unknown', () => {
    expect([null, 'female', 'male', 'other', 'prefer_not_say'].map(sexOf)).toEqual([
      'unknown',
      'female',
      'male',
      'other',
      'unknown',
    ]);
  });

  it('takes the age at the visit, from the birth date when there is one', () => {
    // Five on 2026-10-20: four at a visit the day before, five the day after.
    const born = { ...birth, dateSystem: 'ad', dobAd: '2021-10-20', age: 40 };
    const counts = countConsultations(
      [
        consultation({ birth: born, endedAt: clinicMoment('2026-10-19', '12:00') }),
        consultation({ birth: born, endedAt: clinicMoment('2026-10-21', '12:00') }),
      ],
      '2026-10-18',
    );
    const band = (ageBand: string) =>
      counts.consultations.find((cell) => cell.sex === 'unknown' && cell.ageBand === ageBand)
        ?.value;
    expect([band('<5'), band('5-14')]).toEqual([1, 1]);
  });

  it('counts each patient once, new when their first finished visit is in the month (clinic time)', () => {
    const counts = countConsultations(
      [
        consultation({ patientId: 'new' }),
        consultation({ patientId: 'new' }),
        // First seen at 23:59 on the month's eve, clinic time: follow-up.
        consultation({ patientId: 'back', firstFinishedAt: clinicMoment('2026-10-17', '23:59') }),
        // First seen at 00:00 on the month's first day: new.
        consultation({ patientId: 'edge', firstFinishedAt: clinicMoment('2026-10-18', '00:00') }),
      ],
      '2026-10-18',
    );
    expect(counts).toMatchObject({ total: 4, newPatients: 2, followUpPatients: 1 });
  });

  it('sends every cell, zeros included, with the mapping’s codes', () => {
    const loaded = loadHmisMapping(undefined);
    if (!('mapping' in loaded)) throw new Error(loaded.problem);
    const set = dataValueSetOf(countConsultations([], '2026-10-18'), loaded.mapping, {
      period: '208307',
      orgUnit: 'OU',
      completeDate: '2026-11-26',
    });
    expect(set.dataValues).toHaveLength(26);
    expect(set.dataValues.every((value) => value.value === '0')).toBe(true);
    expect(
      new Set(set.dataValues.map((v) => `${v.dataElement} ${v.categoryOptionCombo}`)).size,
    ).toBe(26);
  });
});

describe('the HMIS mapping file', () => {
  it('names the field that is wrong', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'hmis-mapping-'));
    const loaded = loadHmisMapping(undefined);
    if (!('mapping' in loaded)) throw new Error(loaded.problem);
    const broken = structuredClone(loaded.mapping) as unknown as {
      categoryOptionCombos: { female: Record<string, unknown> };
    };
    delete broken.categoryOptionCombos.female['60+'];
    const file = path.join(dir, 'mapping.json');
    writeFileSync(file, JSON.stringify(broken));
    const problem = (loaded: ReturnType<typeof loadHmisMapping>) =>
      'problem' in loaded ? loaded.problem : 'none';
    expect(problem(loadHmisMapping(file))).toMatch(/^categoryOptionCombos\.female\.60\+: /);
    writeFileSync(file, '{ not json');
    expect(loadHmisMapping(file)).toEqual({ problem: `${file} not JSON` });
    expect(problem(loadHmisMapping(path.join(dir, 'missing.json')))).toContain('cannot be read');
  });
});
