import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { smartClientsMessages, systemScopePattern } from '@shared/smart-client-words';
import type { NewSmartClient, SmartClient } from '@shared/smart-clients';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api-client';
import { useDates } from '@/lib/dates';
import { toast } from '@/lib/toast';
import {
  useRegisterSmartClient,
  useRemoveSmartClient,
  useSmartClients,
} from '../api/smart-clients';

/** The schema's and the server's refusals of a system, in the reader's words. */
const refusalKeys = {
  [smartClientsMessages.nameRequired]: 'people.systems.errors.name',
  [smartClientsMessages.jwksRequired]: 'people.systems.errors.keys',
  [smartClientsMessages.kidRequired]: 'people.systems.errors.kid',
  [smartClientsMessages.kidRepeated]: 'people.systems.errors.kid',
  [smartClientsMessages.keyPrivate]: 'people.systems.errors.private',
  [smartClientsMessages.keyUnusable]: 'people.systems.errors.unusable',
  [smartClientsMessages.scopesRequired]: 'people.systems.errors.scopes',
  [smartClientsMessages.scopeUnknown]: 'people.systems.errors.scopes',
} as const;

type RefusalKey = (typeof refusalKeys)[keyof typeof refusalKeys];

const keyOf = (message: string | undefined): RefusalKey | undefined =>
  message !== undefined && Object.hasOwn(refusalKeys, message)
    ? refusalKeys[message as keyof typeof refusalKeys]
    : undefined;

/**
 * What the form can tell before sending: a name, a JWK Set of 1 to 10 keys each with a kid,
 * and 1 to 20 scopes of the right form. The server's schema checks the keys themselves.
 */
function problemOf(client: { name: string; jwks: unknown; scopes: string[] }): RefusalKey | null {
  const name = client.name.trim();
  if (name.length === 0 || name.length > 120) return refusalKeys[smartClientsMessages.nameRequired];
  const keys = (client.jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > 10) {
    return refusalKeys[smartClientsMessages.jwksRequired];
  }
  const kids = keys.map((key) => (key as { kid?: unknown } | null)?.kid);
  if (kids.some((kid) => typeof kid !== 'string' || kid.length === 0 || kid.length > 200)) {
    return refusalKeys[smartClientsMessages.kidRequired];
  }
  if (new Set(kids).size !== kids.length) return refusalKeys[smartClientsMessages.kidRepeated];
  const { scopes } = client;
  if (scopes.length === 0 || scopes.length > 20) {
    return refusalKeys[smartClientsMessages.scopesRequired];
  }
  if (!scopes.every((scope) => systemScopePattern.test(scope))) {
    return refusalKeys[smartClientsMessages.scopeUnknown];
  }
  return null;
}

/** A registered system: its client id, scopes and keys, and removing it after a confirmation. */
function SystemRow({ client }: { client: SmartClient }) {
  const { t } = useTranslation();
  const dates = useDates();
  const remove = useRemoveSmartClient();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="border-border bg-card grid gap-1 rounded-xl border p-3">
      <p className="font-semibold break-words">{client.name}</p>
      <p className="text-muted-foreground text-sm break-all">
        {t('people.systems.clientId', { id: client.id })}
      </p>
      <p className="text-sm break-all">{client.scopes.join(' ')}</p>
      <p className="text-muted-foreground text-sm">
        {t('people.systems.registered', {
          when: dates.dateTime(client.createdAt),
          count: client.jwks.keys.length,
        })}
      </p>
      {confirming ? (
        <div className="grid gap-2" role="group">
          <p className="text-sm">{t('people.systems.confirmRemove', { name: client.name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(client.id, {
                  onSuccess: () =>
                    toast.success(t('people.systems.removed', { name: client.name })),
                })
              }
            >
              {t('people.systems.remove')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('people.actions.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            {t('people.systems.remove')}
          </Button>
        </div>
      )}
      {remove.isError && <FormError>{t('people.errors.failed')}</FormError>}
    </li>
  );
}

/**
 * The FHIR systems (a hospital, a lab) that read the record without a person, through SMART
 * Backend Services: the superadmin registers each with its public keys (a JWK Set) and the
 * scopes it may be granted, and removes it.
 */
export function SmartClientsSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const systems = useSmartClients();
  const register = useRegisterSmartClient();
  const [name, setName] = useState('');
  const [keys, setKeys] = useState('');
  const [scopes, setScopes] = useState('');
  const [problem, setProblem] = useState<RefusalKey | null>(null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    let jwks: unknown = null;
    try {
      jwks = JSON.parse(keys);
    } catch {
      setProblem('people.systems.errors.keys');
      return;
    }
    const client = { name: name.trim(), jwks, scopes: scopes.split(/[\s,]+/).filter(Boolean) };
    const found = problemOf(client);
    setProblem(found);
    if (found) return;
    register.mutate(client as NewSmartClient, {
      onSuccess: (made) => {
        toast.success(t('people.systems.added', { name: made.name }));
        setName('');
        setKeys('');
        setScopes('');
      },
    });
  };

  const serverProblem =
    register.error instanceof ApiRequestError ? keyOf(register.error.message) : undefined;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('people.systems.title')}
      </h2>
      <p className="text-muted-foreground text-sm">{t('people.systems.intro')}</p>
      {systems.isError ? (
        <FormError>{t('people.systems.loadFailed')}</FormError>
      ) : !systems.data ? (
        <div aria-busy="true" className="bg-muted h-20 animate-pulse rounded-xl" />
      ) : systems.data.clients.length === 0 ? (
        <p className="text-sm">{t('people.systems.empty')}</p>
      ) : (
        <ul className="grid gap-2">
          {systems.data.clients.map((client) => (
            <SystemRow key={client.id} client={client} />
          ))}
        </ul>
      )}
      <Card>
        <form noValidate onSubmit={submit} className="grid gap-3">
          <CardTitle>{t('people.systems.add')}</CardTitle>
          <TextField
            label={t('people.systems.name')}
            value={name}
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
          />
          <TextAreaField
            label={t('people.systems.keys')}
            hint={t('people.systems.keysHint')}
            value={keys}
            spellCheck={false}
            onChange={(event) => setKeys(event.target.value)}
          />
          <TextField
            label={t('people.systems.scopes')}
            hint={t('people.systems.scopesHint')}
            value={scopes}
            spellCheck={false}
            onChange={(event) => setScopes(event.target.value)}
          />
          {(problem ?? register.isError) && (
            <FormError>{t(problem ?? serverProblem ?? 'people.errors.failed')}</FormError>
          )}
          <Button type="submit" disabled={register.isPending || name.trim() === ''}>
            {t('people.systems.register')}
          </Button>
        </form>
      </Card>
    </section>
  );
}
