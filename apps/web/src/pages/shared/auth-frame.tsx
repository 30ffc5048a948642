import type { BannerGroup } from "@panalo/contracts/content";
import type { ReactNode } from "react";
import { LazyImage } from "../../components/lazy-image.tsx";
import { useBanners } from "../../features/banners/banners-api.ts";
import { useStatus } from "../../features/system/system-api.ts";
import "../../features/account/auth-form.css";
import "./auth.css";

export { Field } from "../../components/field.tsx";

/** The login and register screens: the form beside the operator's art (w_login / w_reg). */
export function AuthFrame(props: { group: BannerGroup; testId: string; title: string; children: ReactNode }) {
  const { data: banners } = useBanners(props.group);
  const { data: status } = useStatus();
  const art = banners?.[0];
  return (
    <div className="page container auth-page" data-testid={props.testId}>
      <div className="auth-card card">
        <div className="auth-art" aria-hidden={art ? undefined : "true"}>
          {art ? (
            <LazyImage src={art.url} alt={art.alt} width={1200} height={400} className="auth-art-img" />
          ) : (
            <span className="auth-art-brand">{status?.brand.name}</span>
          )}
        </div>
        <div className="auth-body">
          <h1>{props.title}</h1>
          {props.children}
        </div>
      </div>
    </div>
  );
}
