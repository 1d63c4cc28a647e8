import { useTranslation } from 'react-i18next';
import { carePermissions, type CarePermission, type CarePermissions } from '@shared/care-circle';

/** One checkbox per permission, each named by what it lets the caregiver do. */
export function PermissionCheckboxes({
  value,
  onChange,
  disabled,
}: {
  value: CarePermissions;
  onChange: (permission: CarePermission, granted: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1">
      {carePermissions.map((permission) => (
        <label key={permission} className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5"
            checked={value[permission]}
            disabled={disabled}
            onChange={(event) => onChange(permission, event.target.checked)}
          />
          {t(`careCircle.permissions.${permission}`)}
        </label>
      ))}
    </div>
  );
}
