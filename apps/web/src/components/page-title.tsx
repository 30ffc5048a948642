import type { ReactNode } from "react";

/** A screen's heading and one line about it. */
export function PageTitle(props: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="page-title">
      <div>
        <h1>{props.title}</h1>
        {props.lead && <p className="page-lead">{props.lead}</p>}
      </div>
      {props.children}
    </div>
  );
}
