import { systemScopePattern } from '@shared/smart-clients';

/**
 * SMART system scopes as Sewa reads them: read and search (`.rs`, or SMART v1's `.read`) of
 * one resource type or of every type (`*`). Nothing else is a scope here: no writes, no
 * `patient/` or `user/` scopes, no v2 query refinements.
 */
export interface SystemScope {
  /** A resource type, or `*` for every type the API serves. */
  type: string;
  /** How the client spelt it: answered back in the same spelling. */
  spelling: 'rs' | 'read';
}

/** The scope a text names, or null when it names none Sewa knows. */
export function parseScope(text: string): SystemScope | null {
  const [, type, spelling] = systemScopePattern.exec(text) ?? [];
  if (type === undefined) return null;
  return { type, spelling: spelling === 'read' ? 'read' : 'rs' };
}

const textOf = (scope: SystemScope) => `system/${scope.type}.${scope.spelling}`;

/** The registered scopes that name a type the API does not serve (and so are refused). */
export function unservedScopes(scopes: readonly string[], served: readonly string[]): string[] {
  return scopes.filter((text) => {
    const scope = parseScope(text);
    return scope === null || (scope.type !== '*' && !served.includes(scope.type));
  });
}

/** Whether granted scopes let a system read and search resources of `type`. */
export function scopesCover(scopes: readonly string[], type: string): boolean {
  return scopes.some((text) => {
    const scope = parseScope(text);
    return scope !== null && (scope.type === '*' || scope.type === type);
  });
}

/**
 * What a token grants: what the client asked for, as far as its registration allows, each in
 * the client's own spelling. Asked `system/*.rs` but registered for Observation only, it gets
 * `system/Observation.rs`; asked for a type it is not registered for (or the API does not
 * serve), nothing of it. Texts that are no scope Sewa knows are left out, as RFC 6749 lets a
 * server narrow a request.
 */
export function grantedScopes(
  asked: string,
  registered: readonly string[],
  served: readonly string[],
): string[] {
  const allowed = registered.flatMap((text) => parseScope(text) ?? []);
  const everyType = allowed.some((scope) => scope.type === '*');
  const types = served.filter((type) => everyType || allowed.some((scope) => scope.type === type));
  const granted = asked
    .split(' ')
    .filter((text) => text !== '')
    .flatMap((text): SystemScope[] => {
      const scope = parseScope(text);
      if (scope === null) return [];
      if (scope.type !== '*') return types.includes(scope.type) ? [scope] : [];
      return everyType ? [scope] : types.map((type) => ({ type, spelling: scope.spelling }));
    })
    .map(textOf);
  return [...new Set(granted)];
}

/** Every scope a client may ask for, in both spellings: the discovery document's list. */
export function supportedScopes(served: readonly string[]): string[] {
  return (['rs', 'read'] as const).flatMap((spelling) =>
    ['*', ...served].map((type) => textOf({ type, spelling })),
  );
}
