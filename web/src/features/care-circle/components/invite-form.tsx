import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  invitationRequestSchema,
  relationships,
  type InvitationRequest,
} from '@shared/care-circle';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/lib/toast';
import { useSendInvitation } from '../api/care-circle';
import { careFieldError, careServerError } from '../care-circle-errors';
import { PermissionCheckboxes } from './permission-checkboxes';

const emptyInvitation = {
  email: '',
  relationship: '',
  permissions: { record: true, message: false, visits: false },
} as unknown as InvitationRequest;

/** Invites a person by e-mail, with how they are related and what they may do. */
export function InviteForm() {
  const { t } = useTranslation();
  const send = useSendInvitation();
  const relationshipId = useId();
  const form = useForm<InvitationRequest>({
    resolver: zodResolver(invitationRequestSchema),
    defaultValues: emptyInvitation,
  });
  const { errors } = form.formState;
  // The permissions' own refusal (none chosen): `message` is also one of their fields' names.
  const permissionsRefusal: unknown =
    errors.permissions?.root?.message ??
    (errors.permissions as { message?: unknown } | undefined)?.message;

  const submit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        toast.success(t('careCircle.invite.sent'));
        form.reset(emptyInvitation);
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        label={t('careCircle.invite.email')}
        type="email"
        autoComplete="off"
        error={careFieldError(t, errors.email?.message)}
        {...form.register('email')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={relationshipId}>{t('careCircle.invite.relationship')}</Label>
        <select
          id={relationshipId}
          aria-invalid={errors.relationship ? true : undefined}
          className="border-border bg-card focus-visible:outline-ring min-h-11 rounded-lg border px-3 py-2 text-base"
          {...form.register('relationship')}
        >
          <option value="">{t('careCircle.invite.choose')}</option>
          {relationships.map((relationship) => (
            <option key={relationship} value={relationship}>
              {t(`careCircle.relationships.${relationship}`)}
            </option>
          ))}
        </select>
        {errors.relationship && (
          <p className="text-accent-700 text-sm">
            {careFieldError(t, errors.relationship.message)}
          </p>
        )}
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t('careCircle.invite.permissions')}</legend>
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => (
            <PermissionCheckboxes
              value={field.value}
              onChange={(permission, granted) =>
                field.onChange({ ...field.value, [permission]: granted })
              }
            />
          )}
        />
        {typeof permissionsRefusal === 'string' && (
          <p role="alert" className="text-accent-700 text-sm">
            {careFieldError(t, permissionsRefusal)}
          </p>
        )}
      </fieldset>
      <FormError>{careServerError(t, send.error)}</FormError>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('careCircle.invite.sending') : t('careCircle.invite.send')}
      </Button>
    </form>
  );
}
