import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { DialogHost } from "../components/dialogs.tsx";
import { ToastHost } from "../components/toast.tsx";
import { queryClient } from "./query-client.ts";
import { RootView } from "./root-view.tsx";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <RootView />
        <DialogHost />
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
