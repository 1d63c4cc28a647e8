import { describe, expect, it } from 'vitest';
import {
  grantedScopes,
  parseScope,
  scopesCover,
  supportedScopes,
  unservedScopes,
} from './smart-scopes';

const served = ['Patient', 'Observation'];

describe('SMART system scopes', () => {
  it('reads read-and-search of a type or of every type, in v2 and v1 spelling only', () => {
    expect(parseScope('system/Observation.rs')).toEqual({ type: 'Observation', spelling: 'rs' });
    expect(parseScope('system/*.read')).toEqual({ type: '*', spelling: 'read' });
    for (const text of [
      'system/Observation.r',
      'system/Observation.cruds',
      'system/Observation.write',
      'patient/Observation.rs',
      'user/*.read',
      'system/observation.rs',
      'system/Observation.rs?category=vital-signs',
      ' system/Observation.rs',
      'launch',
      '',
    ]) {
      expect(parseScope(text), text).toBeNull();
    }
  });

  it('names the registered scopes whose type the API does not serve', () => {
    expect(unservedScopes(['system/*.rs', 'system/Patient.read'], served)).toEqual([]);
    expect(unservedScopes(['system/Encounter.rs', 'system/Observation.rs'], served)).toEqual([
      'system/Encounter.rs',
    ]);
  });

  it('covers a type when a scope names it or every type', () => {
    expect(scopesCover(['system/Observation.rs'], 'Observation')).toBe(true);
    expect(scopesCover(['system/Observation.read'], 'Observation')).toBe(true);
    expect(scopesCover(['system/*.rs'], 'Patient')).toBe(true);
    expect(scopesCover(['system/Observation.rs'], 'Patient')).toBe(false);
    expect(scopesCover([], 'Patient')).toBe(false);
  });

  it('grants what was asked as far as the registration allows, in the asker’s spelling', () => {
    const observations = ['system/Observation.rs'];
    expect(grantedScopes('system/Observation.rs', observations, served)).toEqual(observations);
    expect(grantedScopes('system/Observation.read', observations, served)).toEqual([
      'system/Observation.read',
    ]);
    // Every type asked, one registered: that one.
    expect(grantedScopes('system/*.rs', observations, served)).toEqual(observations);
    expect(grantedScopes('system/*.read', ['system/*.rs'], served)).toEqual(['system/*.read']);
    expect(
      grantedScopes('system/*.rs', ['system/Patient.rs', 'system/Observation.read'], served),
    ).toEqual(['system/Patient.rs', 'system/Observation.rs']);
    // Not registered, not served, or no scope at all: nothing of it.
    expect(grantedScopes('system/Patient.rs', observations, served)).toEqual([]);
    expect(grantedScopes('system/Encounter.rs', ['system/*.rs'], served)).toEqual([]);
    expect(grantedScopes('launch openid  patient/*.rs', ['system/*.rs'], served)).toEqual([]);
    // Each once, whatever the spacing.
    expect(
      grantedScopes(
        '  system/Observation.rs system/Observation.rs system/*.rs ',
        observations,
        served,
      ),
    ).toEqual(observations);
  });

  it('lists every scope a client may ask for, in both spellings', () => {
    expect(supportedScopes(served)).toEqual([
      'system/*.rs',
      'system/Patient.rs',
      'system/Observation.rs',
      'system/*.read',
      'system/Patient.read',
      'system/Observation.read',
    ]);
  });
});
