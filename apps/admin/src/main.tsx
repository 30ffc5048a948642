import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "./app/query-client.ts";
import { router } from "./app/router.tsx";
import { DemoBar } from "./components/demo-bar.tsx";
import { Toaster } from "./components/toaster.tsx";
import { sessionKey } from "./features/session/session-api.ts";
import { setUnauthorizedHandler } from "./lib/api.ts";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";
import "./styles/forms.css";
import "./styles/overlays.css";
import "./styles/responsive.css";

const queryClient = createQueryClient();

// Any 401 means the session is gone: dropping it makes the signed-in layout show the login page.
setUnauthorizedHandler(() => queryClient.setQueryData(sessionKey, null));

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DemoBar />
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
