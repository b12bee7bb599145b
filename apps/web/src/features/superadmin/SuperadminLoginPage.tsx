import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSignedInRedirect } from '../../lib/session.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { SignInForm } from '../../components/SignInForm.tsx';
import { superadminSignin } from './api/mutations.ts';
import { paths } from '../../lib/paths.ts';

/** /superadmin (/superadmin/login redirects here). */
export function SuperadminLoginPage() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedInRedirect('superadmin');
  if (signedIn) return <Navigate to={paths.superadmin.home} replace />;

  return (
    <AuthLayout title={t('superadmin.title')} subtitle={t('superadmin.subtitle')}>
      <SignInForm audience="superadmin" signIn={superadminSignin} homeOf={() => paths.superadmin.home} />
    </AuthLayout>
  );
}
