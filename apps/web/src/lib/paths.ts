/**
 * Every route of the web app (SPEC §2), written once: the route table, the navigation tables, links and
 * redirects all read them from here. Route paths are absolute; `paths.x.route` is the pattern a route
 * with a parameter is declared under.
 */
export const paths = {
  landing: '/',
  login: '/login',
  /** A store device's PIN pad (docs/staff-pins.md). */
  pin: '/pin',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  noAccess: '/no-access',
  success: '/success',
  cancelledPayment: '/cancelled-payment',
  /** The print pages, opened in a 400x400 popup (lib/print.ts). */
  printReceipt: '/print-receipt',
  printToken: '/print-token',
  /** A shift's Z report at 80 mm or A4 (lib/z-report-print.ts). */
  printZReport: '/print-z-report',

  /** The diners' pages (SPEC §2 Public QR menu): public, their own entry (m.html), no back office. */
  qrMenu: {
    root: '/m',
    menu: {
      route: '/m/:qrcode',
      to: (qrcode: string, table?: string | null) =>
        `/m/${encodeURIComponent(qrcode)}${table ? `?table=${encodeURIComponent(table)}` : ''}`,
    },
    cart: {
      route: '/m/:qrcode/cart',
      to: (qrcode: string, table?: string | null) =>
        `/m/${encodeURIComponent(qrcode)}/cart${table ? `?table=${encodeURIComponent(table)}` : ''}`,
    },
    orderSuccess: {
      route: '/m/order-success',
      to: (statusToken: string) => `/m/order-success?order=${encodeURIComponent(statusToken)}`,
    },
    orderFailed: '/m/order-failed',
  },

  superadmin: {
    login: '/superadmin',
    /** An older address of the sign-in page; redirects to `login`. */
    loginAlias: '/superadmin/login',
    root: '/superadmin/dashboard',
    home: '/superadmin/dashboard/home',
    tenants: '/superadmin/dashboard/tenants',
    tenantHistory: {
      route: '/superadmin/dashboard/tenants/:id/subscription-history',
      to: (id: number) => `/superadmin/dashboard/tenants/${id}/subscription-history`,
    },
    reports: '/superadmin/dashboard/reports',
    support: '/superadmin/dashboard/contact-support',
  },

  dashboard: {
    root: '/dashboard',
    home: '/dashboard/home',
    /** The guided setup checklist a new owner lands on (issue 31). */
    setup: '/dashboard/setup',
    inactiveSubscription: '/dashboard/inactive-subscription',
    pos: '/dashboard/pos',
    /** The till's shift: float, pay in/out, close and Z report (issue 15). */
    shift: '/dashboard/shift',
    orders: '/dashboard/orders',
    kitchen: '/dashboard/kitchen',
    /** The pickup board for a TV at the counter (issue 11). */
    orderStatusBoard: '/dashboard/order-status',
    invoices: '/dashboard/invoices',
    reports: '/dashboard/reports',
    users: '/dashboard/users',
    /** Everyone's hours on the time clock (issue 31). */
    timesheets: '/dashboard/timesheets',
    reservation: '/dashboard/reservation',
    customers: '/dashboard/customers',
    customer: {
      // The phone is the customer's key (SPEC §3), as in the API's /customers/{phone}.
      route: '/dashboard/customers/:phone',
      to: (phone: string) => `/dashboard/customers/${encodeURIComponent(phone)}`,
    },
    profile: '/dashboard/profile',
    devices: '/dashboard/devices',
    support: '/dashboard/contact-support',
    settings: {
      root: '/dashboard/settings',
      details: '/dashboard/settings/details',
      print: '/dashboard/settings/print-settings',
      tables: '/dashboard/settings/tables',
      menuItems: '/dashboard/settings/menu-items',
      categories: '/dashboard/settings/menu-items/categories',
      menuItem: {
        route: '/dashboard/settings/menu-items/:id',
        to: (id: number) => `/dashboard/settings/menu-items/${id}`,
      },
      taxes: '/dashboard/settings/tax-setup',
      paymentTypes: '/dashboard/settings/payment-types',
      voidReasons: '/dashboard/settings/void-reasons',
      auditLog: '/dashboard/settings/audit-log',
    },
  },
} as const;
