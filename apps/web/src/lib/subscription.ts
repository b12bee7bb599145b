import { queryOptions } from '@tanstack/react-query';
import type { PlanPrice, SubscriptionDetails } from '@comanda/core';
import { apiRequest } from './api-client.ts';

// The tenant's subscription (SPEC §7 Authentication and subscription), read by the inactive page
// (status) and the profile's subscription card (profile): both features use it, so it lives here.

export const subscriptionQueryKey = ['subscription'] as const;

/** GET /auth/subscription-details: status, period, and whether this server bills at all. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: () => apiRequest<SubscriptionDetails>('/auth/subscription-details'),
  });

/** POST /auth/stripe-product-lookup: the plan as the card provider prices it (admin only). */
export const planQueryOptions = (priceId: string | null) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, 'plan', priceId] as const,
    queryFn: () =>
      apiRequest<PlanPrice>('/auth/stripe-product-lookup', { method: 'POST', body: { id: priceId } }),
    enabled: priceId !== null,
    retry: false,
  });

/** Opens the provider's payment page for this tenant: the browser leaves the app for it. */
export async function startCheckout(): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('/auth/create-checkout-session', { method: 'POST' });
  window.location.assign(url);
}

/** POST /auth/cancel-subscription: ends the subscription at once. */
export const cancelSubscription = (id: string) =>
  apiRequest<{ message: string }>('/auth/cancel-subscription', { method: 'POST', body: { id } });
