import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons.tsx";

/** What a list shows when it has nothing yet: an icon, a sentence, maybe one action. */
export function EmptyState(props: { icon?: IconName; title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <span className="empty-icon">
        <Icon name={props.icon ?? "grid"} size={28} />
      </span>
      <p className="empty-title">{props.title}</p>
      {props.text && <p className="empty-text">{props.text}</p>}
      {props.action}
    </div>
  );
}
