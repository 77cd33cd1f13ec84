import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { currentUserQueryKey } from "../features/auth/api/get-current-user";
import { createQueryClient } from "../lib/query-client";
import { createRouter } from "./router";

/** A 401 from any call means the session is over: the pages for signed-in users then send to /login. */
const newQueryClient = () =>
  createQueryClient({ onUnauthorized: (client) => client.setQueryData(currentUserQueryKey, null) });

/** Providers and routes. */
export function App() {
  const [queryClient] = useState(newQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
