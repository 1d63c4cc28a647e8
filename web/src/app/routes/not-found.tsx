import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ModeBanner } from '@/app/layouts/mode-banner';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <ModeBanner />
      <main className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-brand-700 text-5xl font-bold">{t('notFound.code')}</p>
        <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
        <Link to="/" className="text-brand-700 font-medium underline underline-offset-4">
          {t('notFound.home')}
        </Link>
      </main>
    </div>
  );
}
