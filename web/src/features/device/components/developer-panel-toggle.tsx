import { WrenchIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Few people ever open it, so its code loads only when someone does.
const DeveloperPanel = lazy(() => import('./developer-panel'));

/** The low-key icon button on the sign-in page that opens the developer panel. */
export function DeveloperPanelToggle() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('device.panel.open')}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="text-muted-foreground/60 hover:text-muted-foreground rounded-full p-2.5"
      >
        <WrenchIcon className="size-4" aria-hidden="true" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <DeveloperPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
