import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../lib/api.ts";
import { useT } from "../lib/i18n.ts";

const Environment = z.object({ demo: z.boolean() });

/**
 * Demo mode (DEMO_MODE on the server): a bar on every back-office page, signed in or not, so no
 * operator mistakes a demo installation (sandbox gateway, visible test codes) for a real one.
 */
export function DemoBar() {
  const t = useT();
  const { data } = useQuery({
    queryKey: ["environment"],
    queryFn: ({ signal }) => api.get("/environment", Environment, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!data?.demo) return null;
  return (
    <div className="demo-bar" role="note" data-testid="demo-bar">
      <strong>{t("demo.strong")}</strong>
      {t("demo.text")}
    </div>
  );
}
