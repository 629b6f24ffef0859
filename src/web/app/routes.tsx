import { Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { lazyWithPreload as lazy } from '../lib/lazy-with-preload';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/use-auth';
import { PUBLIC_ROUTES } from '../marketing/public-routes';
import { FullScreenLoading } from './full-screen-loading';
import { PrerenderedLandingContext } from './prerendered-landing';

const LandingPage = lazy(() => import('../marketing/landing-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const SignInPage = lazy(() => import('../features/sign-in/sign-in-page'));
const ForgotPasswordPage = lazy(() => import('../features/sign-in/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/sign-in/reset-password-page'));
const UpgradePage = lazy(() => import('../features/upgrade/upgrade-page'));
const AccountPage = lazy(() => import('../features/account/account-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const LibraryPage = lazy(() => import('../features/library/library-page'));
const TranscriptionDetailPage = lazy(
  () => import('../features/transcriptions/transcription-detail-page'),
);
const SharedTranscriptPage = lazy(() => import('../features/sharing/shared-transcript-page'));
const TeamsPage = lazy(() => import('../features/teams/teams-page'));
const TeamPage = lazy(() => import('../features/teams/team-page'));
const InvitationPage = lazy(() => import('../features/teams/invitation-page'));

const publicRoutes = PUBLIC_ROUTES.map((route) => ({
  path: route.path,
  Component: lazy(route.load),
}));

function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[60vh] items-center justify-center">
          <Spinner className="h-8 w-8" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

/** Signed in: the page; signed out: the landing page; while loading: the spec's spinner. */
function Protected({ component: Component }: { component: ComponentType }) {
  const { isLoading, isAuthenticated } = useAuth();
  const landingAlreadyShown = useContext(PrerenderedLandingContext);
  if (isLoading) return landingAlreadyShown ? <LandingPage /> : <FullScreenLoading />;
  return isAuthenticated ? <Component /> : <LandingPage />;
}

export function AppRoutes() {
  return (
    <PageSuspense>
      <Switch>
        <Route path="/">
          <Protected component={DashboardPage} />
        </Route>
        <Route path="/transcription/:id">
          <Protected component={TranscriptionDetailPage} />
        </Route>
        <Route path="/s/:token">
          <SharedTranscriptPage />
        </Route>
        <Route path="/upgrade">
          <Protected component={UpgradePage} />
        </Route>
        <Route path="/transcriptions">
          <Protected component={LibraryPage} />
        </Route>
        <Route path="/account">
          <Protected component={AccountPage} />
        </Route>
        <Route path="/teams">
          <Protected component={TeamsPage} />
        </Route>
        <Route path="/teams/:id">
          <Protected component={TeamPage} />
        </Route>
        <Route path="/invitations/:token">
          <InvitationPage />
        </Route>
        <Route path="/admin">
          <Protected component={AdminPage} />
        </Route>
        <Route path="/sign-in">
          <SignInPage />
        </Route>
        <Route path="/api/login">
          <SignInPage />
        </Route>
        <Route path="/forgot-password">
          <ForgotPasswordPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        {publicRoutes.map(({ path, Component }) => (
          <Route key={path} path={path}>
            <Component />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PageSuspense>
  );
}
