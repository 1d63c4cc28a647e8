import { describe, expect, it } from 'vitest';
import { readWrittenDose, readWrittenInstruction } from './0024-structured-doses';

describe('structured doses from the words written before', () => {
  it('reads an amount and a form where the words say no more', () => {
    expect(readWrittenDose('1 tablet')).toEqual({ amount: 1, form: 'tablet' });
    expect(readWrittenDose('2 Tablets')).toEqual({ amount: 2, form: 'tablet' });
    expect(readWrittenDose('1 capsule')).toEqual({ amount: 1, form: 'capsule' });
    expect(readWrittenDose('2.5 ml')).toEqual({ amount: 2.5, form: 'ml' });
    expect(readWrittenDose('2 drops')).toEqual({ amount: 2, form: 'drops' });
    expect(readWrittenDose('2 puffs')).toEqual({ amount: 2, form: 'puffs' });
    expect(readWrittenDose('10 units')).toEqual({ amount: 10, form: 'units' });
    expect(readWrittenDose('half a tablet')).toBeNull();
    expect(readWrittenDose('1 tablet twice')).toBeNull();
  });

  it('reads a relation to food, and keeps anything else as the note', () => {
    expect(readWrittenInstruction('After breakfast', ['morning'])).toEqual({
      food: 'after',
      note: null,
    });
    expect(readWrittenInstruction('before meals', ['morning'])).toEqual({
      food: 'before',
      note: null,
    });
    expect(readWrittenInstruction('With food', ['evening'])).toEqual({ food: 'with', note: null });
    expect(readWrittenInstruction('Before bed', ['night'])).toEqual({ food: 'any', note: null });
    expect(readWrittenInstruction('Before bed', ['morning'])).toEqual({
      food: 'any',
      note: 'Before bed',
    });
    expect(readWrittenInstruction('Shake well', ['morning'])).toEqual({
      food: 'any',
      note: 'Shake well',
    });
    expect(readWrittenInstruction(null, ['morning'])).toEqual({ food: 'any', note: null });
  });
});
