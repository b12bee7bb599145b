import { createBrowserRouter, Outlet, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { setNavigator } from './api-client.ts';
import { RouteError } from './RouteError.tsx';
import { RequireScreen, RequireSuperadmin, RequireTenant } from './guards.tsx';

/** Lets the API client navigate inside the app (402 → inactive page, dead session → login). */
function Root() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  return <Outlet />;
}

// Each page is its own chunk; `lazy` resolves a feature module's named page component.
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

/** The one route table (SPEC §2). */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        lazy: page(
          () => import('../features/landing/LandingPage.tsx'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: '/login',
        lazy: page(
          () => import('../features/auth/LoginPage.tsx'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: '/register',
        lazy: page(
          () => import('../features/auth/RegisterPage.tsx'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: '/forgot-password',
        lazy: page(
          () => import('../features/auth/ForgotPasswordPage.tsx'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: '/reset-password',
        lazy: page(
          () => import('../features/auth/ResetPasswordPage.tsx'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: '/no-access',
        lazy: page(
          () => import('../features/status/NoAccessPage.tsx'),
          (m) => m.NoAccessPage,
        ),
      },
      {
        path: '/success',
        lazy: page(
          () => import('../features/status/SuccessPage.tsx'),
          (m) => m.SuccessPage,
        ),
      },
      {
        path: '/cancelled-payment',
        lazy: page(
          () => import('../features/status/CancelledPaymentPage.tsx'),
          (m) => m.CancelledPaymentPage,
        ),
      },
      {
        path: '/superadmin',
        lazy: page(
          () => import('../features/superadmin/SuperadminLoginPage.tsx'),
          (m) => m.SuperadminLoginPage,
        ),
      },
      {
        path: '/superadmin/login',
        lazy: page(
          () => import('../features/superadmin/SuperadminLoginPage.tsx'),
          (m) => m.SuperadminLoginPage,
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
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('../features/superadmin/SuperadminHomePage.tsx'),
                  (m) => m.SuperadminHomePage,
                ),
              },
              {
                path: 'home',
                lazy: page(
                  () => import('../features/superadmin/SuperadminHomePage.tsx'),
                  (m) => m.SuperadminHomePage,
                ),
              },
              {
                path: 'contact-support',
                lazy: page(
                  () => import('../features/support/SupportPage.tsx'),
                  (m) => m.SupportPage,
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
            ),
          },
          {
            lazy: page(
              () => import('./layouts/DashboardLayout.tsx'),
              (m) => m.DashboardLayout,
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
                    ),
                  },
                  {
                    path: 'home',
                    lazy: page(
                      () => import('../features/home/HomePage.tsx'),
                      (m) => m.HomePage,
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
                    ),
                    children: [
                      {
                        index: true,
                        lazy: page(
                          () => import('../features/settings/StoreDetailsPage.tsx'),
                          (m) => m.StoreDetailsPage,
                        ),
                      },
                      {
                        path: 'details',
                        lazy: page(
                          () => import('../features/settings/StoreDetailsPage.tsx'),
                          (m) => m.StoreDetailsPage,
                        ),
                      },
                      {
                        path: 'print-settings',
                        lazy: page(
                          () => import('../features/settings/PrintSettingsPage.tsx'),
                          (m) => m.PrintSettingsPage,
                        ),
                      },
                      {
                        path: 'tables',
                        lazy: page(
                          () => import('../features/settings/TablesPage.tsx'),
                          (m) => m.TablesPage,
                        ),
                      },
                      {
                        path: 'menu-items',
                        lazy: page(
                          () => import('../features/menu/MenuItemsPage.tsx'),
                          (m) => m.MenuItemsPage,
                        ),
                      },
                      {
                        path: 'menu-items/categories',
                        lazy: page(
                          () => import('../features/settings/CategoriesPage.tsx'),
                          (m) => m.CategoriesPage,
                        ),
                      },
                      {
                        path: 'menu-items/:id',
                        lazy: page(
                          () => import('../features/menu/MenuItemDetailPage.tsx'),
                          (m) => m.MenuItemDetailPage,
                        ),
                      },
                      {
                        path: 'tax-setup',
                        lazy: page(
                          () => import('../features/settings/TaxesPage.tsx'),
                          (m) => m.TaxesPage,
                        ),
                      },
                      {
                        path: 'payment-types',
                        lazy: page(
                          () => import('../features/settings/PaymentTypesPage.tsx'),
                          (m) => m.PaymentTypesPage,
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
                    ),
                  },
                ],
              },
              {
                path: 'profile',
                lazy: page(
                  () => import('../features/profile/ProfilePage.tsx'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: 'devices',
                lazy: page(
                  () => import('../features/devices/DevicesPage.tsx'),
                  (m) => m.DevicesPage,
                ),
              },
              {
                path: 'contact-support',
                lazy: page(
                  () => import('../features/support/SupportPage.tsx'),
                  (m) => m.SupportPage,
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
        ),
      },
    ],
  },
]);
