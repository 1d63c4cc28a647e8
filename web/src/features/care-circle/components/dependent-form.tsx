import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { relationships, type Relationship } from '@shared/care-circle';
import { onboardingSchema, type OnboardingInput, type OnboardingValues } from '@shared/onboarding';
import { ProfileFields } from '@/components/profile-fields';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useAddDependent } from '../api/care-circle';
import { careServerError } from '../care-circle-errors';

const emptyProfile: OnboardingInput = {
  first_name: '',
  last_name: '',
  gender: '',
  age: '',
  date_system: 'ad',
  dob_ad: '',
  dob_bs: '',
};

/**
 * A family member without a login: the onboarding form's fields (names, gender, age or date
 * of birth in AD or BS) and how they are related. The patient becomes their guardian.
 */
export function DependentForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddDependent();
  const relationshipId = useId();
  const [relationship, setRelationship] = useState<Relationship | ''>('');
  const [relationshipMissing, setRelationshipMissing] = useState(false);
  const form = useForm<OnboardingInput, unknown, OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: emptyProfile,
  });

  const submit = form.handleSubmit(
    (profile) => {
      if (relationship === '') {
        setRelationshipMissing(true);
        return;
      }
      add.mutate(
        { profile, relationship },
        {
          onSuccess: () => {
            toast.success(t('careCircle.dependents.added'));
            onDone();
          },
        },
      );
    },
    () => setRelationshipMissing(relationship === ''),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <ProfileFields form={form} />
      <div className="grid gap-1.5">
        <Label htmlFor={relationshipId}>{t('careCircle.invite.relationship')}</Label>
        <select
          id={relationshipId}
          value={relationship}
          aria-invalid={relationshipMissing ? true : undefined}
          onChange={(event) => {
            setRelationship(event.target.value as Relationship | '');
            setRelationshipMissing(false);
          }}
          className="border-border bg-card focus-visible:outline-ring min-h-11 rounded-lg border px-3 py-2 text-base"
        >
          <option value="">{t('careCircle.invite.choose')}</option>
          {relationships.map((each) => (
            <option key={each} value={each}>
              {t(`careCircle.relationships.${each}`)}
            </option>
          ))}
        </select>
        {relationshipMissing && (
          <p className="text-accent-700 text-sm">{t('careCircle.errors.relationshipRequired')}</p>
        )}
      </div>
      <FormError>{careServerError(t, add.error)}</FormError>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? t('careCircle.dependents.saving') : t('careCircle.dependents.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('careCircle.dependents.cancel')}
        </Button>
      </div>
    </form>
  );
}
