import { createBrowserRouter, Outlet } from 'react-router';
import { Suspense } from 'react';
import { Loading } from '../components/LoadState.tsx';
import { loadNamespaces } from './i18n.ts';
import { RouteError } from './RouteError.tsx';
import { RequireScreen, RequireSuperadmin, RequireTenant } from './guards.tsx';

/** A screen whose texts are still on their way waits here rather than rendering keys. */
function Root() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

// Each page is its own chunk; `lazy` resolves a feature module's named page component and, at the same
// time, the text namespaces it reads.
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType, namespaces: readonly string[] = []) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: pick(module) };
  };

/** The one route table (SPEC §2). */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Painted at once while the first screen's chunk loads (otherwise the page stays blank until then).
    HydrateFallback: Loading,
    children: [
      {
        path: '/',
        lazy: page(
          () => import('../features/landing/LandingPage.tsx'),
          (m) => m.LandingPage,
          ['landing'],
        ),
      },
      {
        // Everything but the landing page: the query client, dialogs and toasts come in this chunk.
        lazy: page(
          () => import('./AppProviders.tsx'),
          (m) => m.AppProviders,
        ),
        children: [
          {
            path: '/login',
            lazy: page(
              () => import('../features/auth/LoginPage.tsx'),
              (m) => m.LoginPage,
              ['auth'],
            ),
          },
          {
            path: '/register',
            lazy: page(
              () => import('../features/auth/RegisterPage.tsx'),
              (m) => m.RegisterPage,
              ['auth'],
            ),
          },
          {
            path: '/forgot-password',
            lazy: page(
              () => import('../features/auth/ForgotPasswordPage.tsx'),
              (m) => m.ForgotPasswordPage,
              ['auth'],
            ),
          },
          {
            path: '/reset-password',
            lazy: page(
              () => import('../features/auth/ResetPasswordPage.tsx'),
              (m) => m.ResetPasswordPage,
              ['auth'],
            ),
          },
          {
            path: '/no-access',
            lazy: page(
              () => import('../features/status/NoAccessPage.tsx'),
              (m) => m.NoAccessPage,
              ['status'],
            ),
          },
          {
            path: '/success',
            lazy: page(
              () => import('../features/status/SuccessPage.tsx'),
              (m) => m.SuccessPage,
              ['status'],
            ),
          },
          {
            path: '/cancelled-payment',
            lazy: page(
              () => import('../features/status/CancelledPaymentPage.tsx'),
              (m) => m.CancelledPaymentPage,
              ['status'],
            ),
          },
          {
            path: '/superadmin',
            lazy: page(
              () => import('../features/superadmin/SuperadminLoginPage.tsx'),
              (m) => m.SuperadminLoginPage,
              ['auth'],
            ),
          },
          {
            path: '/superadmin/login',
            lazy: page(
              () => import('../features/superadmin/SuperadminLoginPage.tsx'),
              (m) => m.SuperadminLoginPage,
              ['auth'],
            ),
          },
          {
            path: '/superadmin/dashboard',
            element: <RequireSuperadmin />,
            children: [
              {
                lazy: page(
                  () => import('./layouts/SuperadminLayout.tsx'),
                  (m) => m.SuperadminLayout,
                  ['dashboard'],
                ),
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/superadmin/SuperadminHomePage.tsx'),
                      (m) => m.SuperadminHomePage,
                      ['superadmin'],
                    ),
                  },
                  {
                    path: 'home',
                    lazy: page(
                      () => import('../features/superadmin/SuperadminHomePage.tsx'),
                      (m) => m.SuperadminHomePage,
                      ['superadmin'],
                    ),
                  },
                  {
                    path: 'contact-support',
                    lazy: page(
                      () => import('../features/support/SupportPage.tsx'),
                      (m) => m.SupportPage,
                      ['support'],
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: '/dashboard',
            element: <RequireTenant />,
            children: [
              {
                path: 'inactive-subscription',
                lazy: page(
                  () => import('../features/status/InactiveSubscriptionPage.tsx'),
                  (m) => m.InactiveSubscriptionPage,
                  ['status', 'landing'],
                ),
              },
              {
                lazy: page(
                  () => import('./layouts/DashboardLayout.tsx'),
                  (m) => m.DashboardLayout,
                  ['dashboard'],
                ),
                children: [
                  {
                    element: <RequireScreen screen="home" />,
                    children: [
                      {
                        index: true,
                        lazy: page(
                          () => import('../features/home/HomePage.tsx'),
                          (m) => m.HomePage,
                          ['dashboard'],
                        ),
                      },
                      {
                        path: 'home',
                        lazy: page(
                          () => import('../features/home/HomePage.tsx'),
                          (m) => m.HomePage,
                          ['dashboard'],
                        ),
                      },
                    ],
                  },
                  {
                    path: 'settings',
                    element: <RequireScreen screen="settings" />,
                    children: [
                      {
                        lazy: page(
                          () => import('../features/settings/SettingsLayout.tsx'),
                          (m) => m.SettingsLayout,
                          ['settings'],
                        ),
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/settings/StoreDetailsPage.tsx'),
                              (m) => m.StoreDetailsPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'details',
                            lazy: page(
                              () => import('../features/settings/StoreDetailsPage.tsx'),
                              (m) => m.StoreDetailsPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'print-settings',
                            lazy: page(
                              () => import('../features/settings/PrintSettingsPage.tsx'),
                              (m) => m.PrintSettingsPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'tables',
                            lazy: page(
                              () => import('../features/settings/TablesPage.tsx'),
                              (m) => m.TablesPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'menu-items',
                            lazy: page(
                              () => import('../features/menu/MenuItemsPage.tsx'),
                              (m) => m.MenuItemsPage,
                              ['menu'],
                            ),
                          },
                          {
                            path: 'menu-items/categories',
                            lazy: page(
                              () => import('../features/settings/CategoriesPage.tsx'),
                              (m) => m.CategoriesPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'menu-items/:id',
                            lazy: page(
                              () => import('../features/menu/MenuItemDetailPage.tsx'),
                              (m) => m.MenuItemDetailPage,
                              ['menu'],
                            ),
                          },
                          {
                            path: 'tax-setup',
                            lazy: page(
                              () => import('../features/settings/TaxesPage.tsx'),
                              (m) => m.TaxesPage,
                              ['settings'],
                            ),
                          },
                          {
                            path: 'payment-types',
                            lazy: page(
                              () => import('../features/settings/PaymentTypesPage.tsx'),
                              (m) => m.PaymentTypesPage,
                              ['settings'],
                            ),
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'users',
                    element: <RequireScreen screen="users" />,
                    children: [
                      {
                        index: true,
                        lazy: page(
                          () => import('../features/users/UsersPage.tsx'),
                          (m) => m.UsersPage,
                          ['users'],
                        ),
                      },
                    ],
                  },
                  {
                    path: 'profile',
                    lazy: page(
                      () => import('../features/profile/ProfilePage.tsx'),
                      (m) => m.ProfilePage,
                      ['dashboard'],
                    ),
                  },
                  {
                    path: 'devices',
                    lazy: page(
                      () => import('../features/devices/DevicesPage.tsx'),
                      (m) => m.DevicesPage,
                      ['dashboard'],
                    ),
                  },
                  {
                    path: 'contact-support',
                    lazy: page(
                      () => import('../features/support/SupportPage.tsx'),
                      (m) => m.SupportPage,
                      ['support'],
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: page(
              () => import('../features/status/NotFoundPage.tsx'),
              (m) => m.NotFoundPage,
              ['status'],
            ),
          },
        ],
      },
    ],
  },
]);
