import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AlertChannels,
  AlertChannelsInput,
  ChannelTestResponse,
  DeliveriesResponse,
  DeliveryChannel,
  EmailPreference,
} from "../../../../contracts/alert-delivery";
import { apiRequest } from "../../../lib/api";

const channelsKey = ["alerts", "channels"] as const;
const deliveriesKey = ["alerts", "deliveries"] as const;
const preferencesKey = ["alerts", "email-preferences"] as const;

export const getAlertChannels = (signal?: AbortSignal) =>
  apiRequest<AlertChannels>("/api/alerts/channels", { signal });

/** The organisation's notification channels and whether e-mail and SMS are available on this server. */
export const useAlertChannels = () =>
  useQuery(queryOptions({ queryKey: channelsKey, queryFn: ({ signal }) => getAlertChannels(signal) }));

/** Saves the channels (owners and admins; the server checks). */
export function useSaveAlertChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertChannelsInput) =>
      apiRequest<AlertChannels>("/api/alerts/channels", { method: "PUT", body }),
    onSuccess: (data) => queryClient.setQueryData(channelsKey, data),
  });
}

/** 'Send test' through one channel; the delivery log is refreshed after. */
export function useTestChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: DeliveryChannel) =>
      apiRequest<ChannelTestResponse>("/api/alerts/channels/test", { method: "POST", body: { channel } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}

/** The newest delivery attempts of the organisation. */
export const useDeliveries = () =>
  useQuery(
    queryOptions({
      queryKey: deliveriesKey,
      queryFn: ({ signal }) => apiRequest<DeliveriesResponse>("/api/alerts/deliveries?limit=50", { signal }),
      refetchInterval: 30_000,
    }),
  );

/** Every member's alert e-mail opt-in. */
export const useEmailPreferences = () =>
  useQuery(
    queryOptions({
      queryKey: preferencesKey,
      queryFn: ({ signal }) =>
        apiRequest<{ members: EmailPreference[] }>("/api/alerts/email-preferences", { signal }),
    }),
  );

/** Turns alert e-mails on or off for a member (oneself, or anyone for owners and admins). */
export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, alertEmails }: { userId: number; alertEmails: boolean }) =>
      apiRequest<{ members: EmailPreference[] }>(`/api/alerts/email-preferences/${userId}`, {
        method: "PUT",
        body: { alertEmails },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(preferencesKey, data);
      return queryClient.invalidateQueries({ queryKey: channelsKey });
    },
  });
}
