import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Suspense } from 'react';
import { Loading } from '../components/LoadState.tsx';
import { loadNamespaces } from '../lib/i18n.ts';
import { AreaError, RouteError } from './RouteError.tsx';
import { paths } from '../lib/paths.ts';
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

/** An older or shorter address of a page: replaces itself in history with the page's one address. */
const alias = (to: string) => <Navigate to={to} replace />;

/** The one route table (SPEC §2). Paths come from paths.ts. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Painted at once while the first screen's chunk loads (otherwise the page stays blank until then).
    HydrateFallback: Loading,
    children: [
      {
        path: paths.landing,
        lazy: page(
          () => import('../features/landing/LandingPage.tsx'),
          (m) => m.LandingPage,
          ['landing'],
        ),
      },
      {
        // The diners' pages: m.html is their own lean entry (the server answers /m/... with it); this
        // route serves them from the main entry too (the dev server, an older server), with no providers.
        path: `${paths.qrMenu.root}/*`,
        lazy: page(
          () => import('./routes/diner.tsx'),
          (m) => m.DinerRoutes,
        ),
      },
      {
        // Everything but the landing page: the query client, dialogs and toasts come in this chunk.
        lazy: page(
          () => import('./AppProviders.tsx'),
          (m) => m.AppProviders,
          // Error toasts read it (lib/toast.ts), on any screen.
          ['errors'],
        ),
        children: [
          {
            // The sign-in family and status pages: a page that throws shows its error with a way home.
            errorElement: <AreaError home={paths.landing} fullScreen />,
            children: [
              {
                path: paths.login,
                lazy: page(
                  () => import('../features/auth/LoginPage.tsx'),
                  (m) => m.LoginPage,
                  ['auth'],
                ),
              },
              {
                path: paths.pin,
                lazy: page(
                  () => import('../features/staff-pins/PinPadPage.tsx'),
                  (m) => m.PinPadPage,
                  ['staffPins'],
                ),
              },
              {
                path: paths.register,
                lazy: page(
                  () => import('../features/auth/RegisterPage.tsx'),
                  (m) => m.RegisterPage,
                  ['auth'],
                ),
              },
              {
                path: paths.forgotPassword,
                lazy: page(
                  () => import('../features/auth/ForgotPasswordPage.tsx'),
                  (m) => m.ForgotPasswordPage,
                  ['auth'],
                ),
              },
              {
                path: paths.resetPassword,
                lazy: page(
                  () => import('../features/auth/ResetPasswordPage.tsx'),
                  (m) => m.ResetPasswordPage,
                  ['auth'],
                ),
              },
              {
                path: paths.noAccess,
                lazy: page(
                  () => import('../features/status/NoAccessPage.tsx'),
                  (m) => m.NoAccessPage,
                  ['status'],
                ),
              },
              {
                path: paths.success,
                lazy: page(
                  () => import('../features/status/SuccessPage.tsx'),
                  (m) => m.SuccessPage,
                  ['status'],
                ),
              },
              {
                path: paths.cancelledPayment,
                lazy: page(
                  () => import('../features/status/CancelledPaymentPage.tsx'),
                  (m) => m.CancelledPaymentPage,
                  ['status'],
                ),
              },
              {
                path: paths.superadmin.login,
                lazy: page(
                  () => import('../features/superadmin/SuperadminLoginPage.tsx'),
                  (m) => m.SuperadminLoginPage,
                  ['auth'],
                ),
              },
              { path: paths.superadmin.loginAlias, element: alias(paths.superadmin.login) },
              {
                // Print pages: the popup reads what its opener left (lib/print.ts), no sign-in needed.
                path: paths.printReceipt,
                lazy: page(
                  () => import('../features/print/PrintReceiptPage.tsx'),
                  (m) => m.PrintReceiptPage,
                  ['print'],
                ),
              },
              {
                path: paths.printZReport,
                lazy: page(
                  () => import('../features/print/PrintZReportPage.tsx'),
                  (m) => m.PrintZReportPage,
                  ['print', 'shifts'],
                ),
              },
              {
                path: paths.printToken,
                lazy: page(
                  () => import('../features/print/PrintTokenPage.tsx'),
                  (m) => m.PrintTokenPage,
                  ['print'],
                ),
              },
            ],
          },
          {
            path: paths.superadmin.root,
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
                    // One crashing page shows its error inside the frame; the sidebar and header stay.
                    errorElement: <AreaError home={paths.superadmin.home} />,
                    children: [
                      { index: true, element: alias(paths.superadmin.home) },
                      {
                        path: paths.superadmin.home,
                        lazy: page(
                          () => import('../features/superadmin/SuperadminHomePage.tsx'),
                          (m) => m.SuperadminHomePage,
                          ['superadmin'],
                        ),
                      },
                      {
                        path: paths.superadmin.tenants,
                        lazy: page(
                          () => import('../features/superadmin/tenants/TenantsPage.tsx'),
                          (m) => m.TenantsPage,
                          ['tenants'],
                        ),
                      },
                      {
                        path: paths.superadmin.tenantHistory.route,
                        lazy: page(
                          () => import('../features/superadmin/tenants/TenantHistoryPage.tsx'),
                          (m) => m.TenantHistoryPage,
                          ['tenants'],
                        ),
                      },
                      {
                        path: paths.superadmin.reports,
                        lazy: page(
                          () => import('../features/superadmin/reports/SuperadminReportsPage.tsx'),
                          (m) => m.SuperadminReportsPage,
                          ['superadmin'],
                        ),
                      },
                      {
                        path: paths.superadmin.support,
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
            ],
          },
          {
            path: paths.dashboard.root,
            element: <RequireTenant />,
            children: [
              {
                path: paths.dashboard.inactiveSubscription,
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
                  // staffPins: the header's Switch user on a store device.
                  ['dashboard', 'timeclock', 'staffPins'],
                ),
                children: [
                  {
                    // One crashing page shows its error inside the frame; the sidebar and header stay.
                    errorElement: <AreaError home={paths.dashboard.home} />,
                    children: [
                      { index: true, element: alias(paths.dashboard.home) },
                      {
                        element: <RequireScreen screen="home" />,
                        children: [
                          {
                            path: paths.dashboard.home,
                            lazy: page(
                              () => import('../features/home/HomePage.tsx'),
                              (m) => m.HomePage,
                              ['dashboard'],
                            ),
                          },
                          {
                            path: paths.dashboard.setup,
                            lazy: page(
                              () => import('../features/home/SetupPage.tsx'),
                              (m) => m.SetupPage,
                              ['dashboard'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.pos,
                        element: <RequireScreen screen="pos" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('./routes/pos.tsx'),
                              (m) => m.PosRoute,
                              ['pos', 'posTicket', 'customers', 'shifts', 'qrOrders'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.shift,
                        element: <RequireScreen screen="pos" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/shifts/ShiftPage.tsx'),
                              (m) => m.ShiftPage,
                              ['shifts'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.orders,
                        element: <RequireScreen screen="orders" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('./routes/table-orders.tsx'),
                              (m) => m.TableOrdersRoute,
                              ['orders', 'floorPlan', 'qrOrders'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.kitchen,
                        element: <RequireScreen screen="kitchen" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/kitchen/KitchenPage.tsx'),
                              (m) => m.KitchenPage,
                              ['kitchen'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.orderStatusBoard,
                        element: <RequireScreen screen="order-status-board" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/order-board/OrderBoardPage.tsx'),
                              (m) => m.OrderBoardPage,
                              ['orderBoard'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.invoices,
                        element: <RequireScreen screen="invoices" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/invoices/InvoicesPage.tsx'),
                              (m) => m.InvoicesPage,
                              ['invoices'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.timesheets,
                        element: <RequireScreen screen="timesheets" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/timeclock/TimesheetsPage.tsx'),
                              (m) => m.TimesheetsPage,
                              ['timeclock'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.reports,
                        element: <RequireScreen screen="reports" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/reports/ReportsPage.tsx'),
                              (m) => m.ReportsPage,
                              ['reports'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.settings.root,
                        element: <RequireScreen screen="settings" />,
                        children: [
                          {
                            lazy: page(
                              () => import('../features/settings/SettingsLayout.tsx'),
                              (m) => m.SettingsLayout,
                              ['settings'],
                            ),
                            children: [
                              { index: true, element: alias(paths.dashboard.settings.details) },
                              {
                                path: paths.dashboard.settings.details,
                                lazy: page(
                                  () => import('../features/settings/StoreDetailsPage.tsx'),
                                  (m) => m.StoreDetailsPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.print,
                                lazy: page(
                                  () => import('../features/settings/PrintSettingsPage.tsx'),
                                  (m) => m.PrintSettingsPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.tables,
                                lazy: page(
                                  () => import('../features/settings/TablesPage.tsx'),
                                  (m) => m.TablesPage,
                                  ['settings', 'floorPlan', 'posTicket'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.menuItems,
                                lazy: page(
                                  () => import('./routes/menu-items.tsx'),
                                  (m) => m.MenuItemsRoute,
                                  ['menu'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.categories,
                                lazy: page(
                                  () => import('../features/settings/CategoriesPage.tsx'),
                                  (m) => m.CategoriesPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.menuItem.route,
                                lazy: page(
                                  () => import('./routes/menu-items.tsx'),
                                  (m) => m.MenuItemDetailRoute,
                                  ['menu'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.taxes,
                                lazy: page(
                                  () => import('../features/settings/TaxesPage.tsx'),
                                  (m) => m.TaxesPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.paymentTypes,
                                lazy: page(
                                  () => import('../features/settings/PaymentTypesPage.tsx'),
                                  (m) => m.PaymentTypesPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.voidReasons,
                                lazy: page(
                                  () => import('../features/settings/VoidReasonsPage.tsx'),
                                  (m) => m.VoidReasonsPage,
                                  ['settings'],
                                ),
                              },
                              {
                                path: paths.dashboard.settings.auditLog,
                                lazy: page(
                                  () => import('../features/settings/AuditLogPage.tsx'),
                                  (m) => m.AuditLogPage,
                                  ['settings'],
                                ),
                              },
                            ],
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.reservation,
                        element: <RequireScreen screen="reservation" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('./routes/reservations.tsx'),
                              (m) => m.ReservationsRoute,
                              ['reservations', 'customers'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.customers,
                        element: <RequireScreen screen="customers" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('../features/customers/CustomersPage.tsx'),
                              (m) => m.CustomersPage,
                              ['customers'],
                            ),
                          },
                          {
                            path: paths.dashboard.customer.route,
                            lazy: page(
                              () => import('../features/customers/CustomerDetailPage.tsx'),
                              (m) => m.CustomerDetailPage,
                              ['customers'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.users,
                        element: <RequireScreen screen="users" />,
                        children: [
                          {
                            index: true,
                            lazy: page(
                              () => import('./routes/staff-pins.tsx'),
                              (m) => m.UsersRoute,
                              ['users', 'staffPins'],
                            ),
                          },
                        ],
                      },
                      {
                        path: paths.dashboard.profile,
                        lazy: page(
                          () => import('../features/profile/ProfilePage.tsx'),
                          (m) => m.ProfilePage,
                          ['dashboard'],
                        ),
                      },
                      {
                        path: paths.dashboard.devices,
                        lazy: page(
                          () => import('./routes/staff-pins.tsx'),
                          (m) => m.DevicesRoute,
                          ['dashboard', 'staffPins'],
                        ),
                      },
                      {
                        path: paths.dashboard.support,
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
